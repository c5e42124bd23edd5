import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Recorded idempotent responses are compressed with LZ4 instead of PostgreSQL's default
 * pglz. Every idempotent cart write stores the whole cart it answered (30 KB for a cart of
 * 15 lines), and pglz spends most of that INSERT compressing it. Measured here, 2 000
 * INSERTs of a 30 KB cart in one transaction: 380-580 µs each with pglz, 290-300 µs with
 * LZ4 (which stores it about 30 % larger). Only values written from now on are affected:
 * no rewrite, no long lock.
 *
 * A server built without LZ4 support answers 0A000 (feature_not_supported); the column
 * then keeps pglz, which is only slower.
 */
export class IdempotencyResponseLz41795316610000 implements MigrationInterface {
  name = 'IdempotencyResponseLz41795316610000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DO $$
      BEGIN
        ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" SET COMPRESSION lz4;
      EXCEPTION WHEN feature_not_supported THEN
        RAISE NOTICE 'LZ4 is not available in this PostgreSQL build: idempotency responses stay pglz-compressed';
      END
      $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" SET COMPRESSION default`);
  }
}

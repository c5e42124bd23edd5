import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys keep their recorded response as `json` text rather than `jsonb`: a
 * replay then answers the very text that was recorded (jsonb re-orders object keys), and
 * every idempotent cart write (add line item, payment sessions, taxes, completion), which
 * stores a cart of several kilobytes, skips jsonb's conversion (about 0.1 ms each here).
 * The type change rewrites the table under an exclusive lock: idempotent cart writes wait
 * for it. Keys older than the retention period (7 days by default) are pruned, so the table
 * holds about a week of idempotent requests; on a busy store, deploy it at a quiet hour.
 */
export class IdempotencyResponseJson1795316600000 implements MigrationInterface {
  name = 'IdempotencyResponseJson1795316600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" TYPE json USING "response_body"::json`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_key" ALTER COLUMN "response_body" TYPE jsonb USING "response_body"::jsonb`);
  }
}

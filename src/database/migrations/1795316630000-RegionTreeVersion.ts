import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version of everything a cart shows of its region (the region rows, their countries
 * and their payment and fulfillment providers), so each instance can keep region trees
 * in memory (src/modules/regions/region-tree-cache.ts) and a cart read still sees every
 * committed change at once: the read takes the version in its own snapshot, and a
 * cached tree is used only when it was loaded under that same version.
 *
 * Statement-level triggers on the six tables bump `changes` in the one row. The cache
 * keys on the row's `xmin` and `changes` together: `changes` alone would repeat after a
 * rolled-back change, and `xmin` alone stays the same across the statements of one
 * transaction.
 */
const TABLES = ['region', 'country', 'payment_provider', 'fulfillment_provider', 'region_payment_providers', 'region_fulfillment_providers'];

export class RegionTreeVersion1795316630000 implements MigrationInterface {
  name = 'RegionTreeVersion1795316630000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "region_tree_version" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "changes" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`INSERT INTO "region_tree_version" DEFAULT VALUES`);
    await queryRunner.query(`
      CREATE FUNCTION "region_tree_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "region_tree_version" SET "changes" = "changes" + 1 WHERE "id" = 1;
        RETURN NULL;
      END
      $$`);
    for (const table of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "region_tree_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "region_tree_changed"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TRIGGER "region_tree_changed" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "region_tree_changed"()`);
    await queryRunner.query(`DROP TABLE "region_tree_version"`);
  }
}

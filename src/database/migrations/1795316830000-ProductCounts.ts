import { MigrationInterface, QueryRunner } from 'typeorm';

/** The key of the tally in live_row_count (not a table name: a subset of `product`; see CountedTable). */
const PUBLISHED_PRODUCTS = 'product:published';

/**
 * The number of live products (`deleted_at IS NULL`), kept as LiveRowCounts keeps its
 * tables' (its trigger function, key `product`), for the `count` of the unfiltered admin
 * product list; and the number of published live products (`status = 'published' AND deleted_at IS NULL`),
 * kept by the database in live_row_count (migration LiveRowCounts) under the key
 * `product:published`, for the `count` of the unfiltered store product list. Counting it
 * read every product row per request (a sequential scan of `product`, 50 000 rows at the
 * scale data set's N = 100); Medusa's envelope needs the exact total.
 *
 * Same scheme as LiveRowCounts: statement-level triggers with transition tables add each
 * statement's change to the writing backend's own row, in the writing transaction. A load
 * that skips triggers must recount: `DELETE FROM live_row_count WHERE table_name =
 * 'product:published'; INSERT INTO live_row_count SELECT 'product:published', 0, count(*)
 * FROM product WHERE status = 'published' AND deleted_at IS NULL`.
 */
export class ProductCounts1795316830000 implements MigrationInterface {
  name = 'ProductCounts1795316830000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION published_product_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta bigint := 0;
        n bigint;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM live_row_count WHERE table_name = '${PUBLISHED_PRODUCTS}';
          INSERT INTO live_row_count (table_name, backend, live) VALUES ('${PUBLISHED_PRODUCTS}', 0, 0);
          RETURN NULL;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          SELECT count(*) INTO n FROM new_rows WHERE deleted_at IS NULL AND status = 'published';
          delta := delta + n;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          SELECT count(*) INTO n FROM old_rows WHERE deleted_at IS NULL AND status = 'published';
          delta := delta - n;
        END IF;
        IF delta <> 0 THEN
          INSERT INTO live_row_count AS c (table_name, backend, live) VALUES ('${PUBLISHED_PRODUCTS}', pg_backend_pid(), delta)
            ON CONFLICT (table_name, backend) DO UPDATE SET live = c.live + EXCLUDED.live;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `INSERT INTO "live_row_count" ("table_name", "backend", "live") SELECT '${PUBLISHED_PRODUCTS}', 0, count(*) FROM "product" WHERE "status" = 'published' AND "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TRIGGER published_product_count_insert AFTER INSERT ON "product" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION published_product_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER published_product_count_update AFTER UPDATE ON "product" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION published_product_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER published_product_count_delete AFTER DELETE ON "product" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION published_product_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER published_product_count_truncate AFTER TRUNCATE ON "product" FOR EACH STATEMENT EXECUTE FUNCTION published_product_count_changed()`,
    );
    await queryRunner.query(
      `INSERT INTO "live_row_count" ("table_name", "backend", "live") SELECT 'product', 0, count(*) FROM "product" WHERE "deleted_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TRIGGER live_row_count_insert AFTER INSERT ON "product" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_row_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER live_row_count_update AFTER UPDATE ON "product" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION live_row_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER live_row_count_delete AFTER DELETE ON "product" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION live_row_count_changed()`,
    );
    await queryRunner.query(`CREATE TRIGGER live_row_count_truncate AFTER TRUNCATE ON "product" FOR EACH STATEMENT EXECUTE FUNCTION live_row_count_changed()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const op of ['truncate', 'delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER live_row_count_${op} ON "product"`);
    await queryRunner.query(`DELETE FROM "live_row_count" WHERE "table_name" = 'product'`);
    for (const op of ['truncate', 'delete', 'update', 'insert']) await queryRunner.query(`DROP TRIGGER published_product_count_${op} ON "product"`);
    await queryRunner.query(`DROP FUNCTION published_product_count_changed()`);
    await queryRunner.query(`DELETE FROM "live_row_count" WHERE "table_name" = '${PUBLISHED_PRODUCTS}'`);
  }
}

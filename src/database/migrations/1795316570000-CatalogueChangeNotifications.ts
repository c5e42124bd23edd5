import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every instance keeps the catalogue's read-mostly responses (store products and
 * collections, admin currencies) in memory and drops them when PostgreSQL says a table
 * they read has changed. The announcement comes from the database itself, so no writer
 * can bypass it: this API on any instance, batch-job imports, the seed command, a
 * checkout decrementing inventory, or someone's plain SQL. The triggers are per
 * statement (a bulk import costs one notice per statement, and PostgreSQL folds equal
 * notices of one transaction into one), and notices are only delivered on commit.
 * The payload is the table's name; the app maps it to the responses that read it
 * (src/modules/table-changes/change-scopes.ts).
 */
const TABLES = [
  'product',
  'product_variant',
  'money_amount',
  'product_option',
  'product_option_value',
  'image',
  'product_images',
  'product_tag',
  'product_tags',
  'product_type',
  'product_collection',
  'shipping_profile',
  'sales_channel',
  'product_sales_channel',
  'region',
  'currency',
];

export class CatalogueChangeNotifications1795316570000 implements MigrationInterface {
  name = 'CatalogueChangeNotifications1795316570000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "catalogue_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
        RETURN NULL;
      END
      $$`);
    for (const table of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLES].reverse()) await queryRunner.query(`DROP TRIGGER "catalogue_changed" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "catalogue_changed_notify"()`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /store/carts/:id is answered from memory while nothing it shows has changed
 * (src/modules/carts/cart-response-cache). The cart's own rows are covered by the cart
 * row's version; what it shows of other tables is announced here, by the database, so
 * no writer can bypass it:
 * - rarely written tables (regions and their countries and providers, products, shipping
 *   options, discount rules) join the table-change notices: one per statement, table name
 *   as payload, and every cached cart is dropped;
 * - often written rows (variant stock at every checkout, discount usage, gift card
 *   balances, payments) are announced with their ids on `rows_changed`, so a checkout
 *   drops only the cached carts showing what it changed. The ids come from the
 *   statement's transition table; a statement touching too many rows for one notice
 *   (8 000 bytes) announces `<table>:*` instead.
 * This is a frozen copy of the lists in src/modules/table-changes/change-scopes.ts (a
 * migration never imports runtime code); test/e2e/store/cart-response-cache.e2e-spec.ts
 * checks that every table listed there has its triggers, and that the lists cover every
 * table a cart can show.
 */
const CATALOGUE_TABLES = [
  'country',
  'payment_provider',
  'fulfillment_provider',
  'region_payment_providers',
  'region_fulfillment_providers',
  'shipping_option',
  'discount_rule',
];

const ROW_TABLES = ['product_variant', 'discount', 'gift_card', 'payment'];

export class CartDependencyNotifications1795316590000 implements MigrationInterface {
  name = 'CartDependencyNotifications1795316590000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of CATALOGUE_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed_notify"()`,
      );
    }
    await queryRunner.query(`
      CREATE FUNCTION "rows_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids text;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          ids := '*';
        ELSIF TG_OP = 'DELETE' THEN
          SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
        ELSE
          SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM new_rows;
        END IF;
        IF ids IS NULL THEN
          RETURN NULL;
        END IF;
        IF length(ids) > 7000 THEN
          ids := '*';
        END IF;
        PERFORM pg_notify('rows_changed', TG_TABLE_NAME || ':' || ids);
        RETURN NULL;
      END
      $$`);
    for (const table of ROW_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "rows_changed_insert" AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_changed_notify"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "rows_changed_update" AFTER UPDATE ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_changed_notify"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "rows_changed_delete" AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "rows_changed_notify"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "rows_changed_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "rows_changed_notify"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...ROW_TABLES].reverse()) {
      for (const trigger of ['rows_changed_truncate', 'rows_changed_delete', 'rows_changed_update', 'rows_changed_insert']) {
        await queryRunner.query(`DROP TRIGGER "${trigger}" ON "${table}"`);
      }
    }
    await queryRunner.query(`DROP FUNCTION "rows_changed_notify"()`);
    for (const table of [...CATALOGUE_TABLES].reverse()) await queryRunner.query(`DROP TRIGGER "catalogue_changed" ON "${table}"`);
  }
}

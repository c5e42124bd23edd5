import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's price lists: sales and overrides in date windows, optionally limited to
 * customer groups, whose prices are `money_amount` rows with their `price_list_id`
 * (removed with their list: hard delete, as Medusa's foreign key cascade). The foreign key
 * is NOT VALID so that rows written before this release (never with a list) are not
 * checked. Both tables announce their changes on `table_changed`: the store's priced reads
 * depend on them.
 */
export class PriceLists1795401000200 implements MigrationInterface {
  name = 'PriceLists1795401000200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "price_list" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "name" character varying NOT NULL, "description" character varying NOT NULL, "type" character varying NOT NULL DEFAULT 'sale', "status" character varying NOT NULL DEFAULT 'draft', "starts_at" TIMESTAMP WITH TIME ZONE, "ends_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_price_list_type" CHECK ("type" IN ('sale', 'override')), CONSTRAINT "CHK_price_list_status" CHECK ("status" IN ('active', 'draft')), CONSTRAINT "PK_price_list" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_price_list_created_at_id" ON "price_list" ("created_at", "id")`);
    await queryRunner.query(
      `CREATE TABLE "price_list_customer_groups" ("price_list_id" character varying NOT NULL, "customer_group_id" character varying NOT NULL, CONSTRAINT "PK_price_list_customer_groups" PRIMARY KEY ("price_list_id", "customer_group_id"), CONSTRAINT "FK_price_list_customer_groups_list" FOREIGN KEY ("price_list_id") REFERENCES "price_list"("id") ON DELETE CASCADE, CONSTRAINT "FK_price_list_customer_groups_group" FOREIGN KEY ("customer_group_id") REFERENCES "customer_group"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_price_list_customer_groups_group" ON "price_list_customer_groups" ("customer_group_id")`);
    await queryRunner.query(
      `ALTER TABLE "money_amount" ADD CONSTRAINT "FK_money_amount_price_list" FOREIGN KEY ("price_list_id") REFERENCES "price_list"("id") ON DELETE CASCADE NOT VALID`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_money_amount_price_list_id" ON "money_amount" ("price_list_id") WHERE price_list_id IS NOT NULL`);
    for (const table of ['price_list', 'price_list_customer_groups']) {
      await queryRunner.query(
        `CREATE TRIGGER "table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION table_changed_notify()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_money_amount_price_list_id"`);
    await queryRunner.query(`ALTER TABLE "money_amount" DROP CONSTRAINT "FK_money_amount_price_list"`);
    await queryRunner.query(`DROP TABLE "price_list_customer_groups"`);
    await queryRunner.query(`DROP TABLE "price_list"`);
  }
}

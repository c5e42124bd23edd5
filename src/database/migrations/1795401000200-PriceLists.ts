import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Medusa v1's price lists: sales and overrides in date windows, optionally limited to
 * customer groups, whose prices are `money_amount` rows with their `price_list_id`
 * (hard-deleted with their list by PriceListsService, as Medusa's foreign key cascade does;
 * no foreign key here, so that the products module's entity needs none to the price list's).
 * Both tables announce their changes on `table_changed`: the store's priced reads depend on them.
 */
export class PriceLists1795401000200 implements MigrationInterface {
  name = 'PriceLists1795401000200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "price_list" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "name" character varying NOT NULL, "description" character varying NOT NULL, "type" character varying NOT NULL DEFAULT 'sale', "status" character varying NOT NULL DEFAULT 'draft', "starts_at" TIMESTAMP WITH TIME ZONE, "ends_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_price_list_type" CHECK ("type" IN ('sale', 'override')), CONSTRAINT "CHK_price_list_status" CHECK ("status" IN ('active', 'draft')), CONSTRAINT "PK_price_list" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_price_list_created_at_id" ON "price_list" ("created_at", "id")`);
    // Names and actions as TypeORM derives them from the entity's @JoinTable.
    await queryRunner.query(
      `CREATE TABLE "price_list_customer_groups" ("price_list_id" character varying NOT NULL, "customer_group_id" character varying NOT NULL, CONSTRAINT "PK_price_list_customer_groups" PRIMARY KEY ("price_list_id", "customer_group_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_52875734e9dd69064f0041f4d9" ON "price_list_customer_groups" ("price_list_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_c5516f550433c9b1c2630d787a" ON "price_list_customer_groups" ("customer_group_id")`);
    await queryRunner.query(
      `ALTER TABLE "price_list_customer_groups" ADD CONSTRAINT "FK_52875734e9dd69064f0041f4d92" FOREIGN KEY ("price_list_id") REFERENCES "price_list"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "price_list_customer_groups" ADD CONSTRAINT "FK_c5516f550433c9b1c2630d787a7" FOREIGN KEY ("customer_group_id") REFERENCES "customer_group"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    // The candidate prices of a list (its deletes) and of the store's priced reads.
    await queryRunner.query(`CREATE INDEX "IDX_money_amount_price_list_id" ON "money_amount" ("price_list_id") WHERE price_list_id IS NOT NULL`);
    for (const table of ['price_list', 'price_list_customer_groups']) {
      await queryRunner.query(
        `CREATE TRIGGER "table_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION table_changed_notify()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_money_amount_price_list_id"`);
    await queryRunner.query(`DROP TABLE "price_list_customer_groups"`);
    await queryRunner.query(`DROP TABLE "price_list"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift cards and their transaction ledger. `order_id` columns carry no foreign key here:
 * the order table is created later by the orders migration, which adds those constraints.
 */
export class GiftCards1795316495000 implements MigrationInterface {
  name = 'GiftCards1795316495000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "gift_card" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "code" character varying NOT NULL, "value" integer NOT NULL, "balance" integer NOT NULL, "region_id" character varying NOT NULL, "order_id" character varying, "is_disabled" boolean NOT NULL DEFAULT false, "ends_at" TIMESTAMP WITH TIME ZONE, "tax_rate" real, "metadata" jsonb, CONSTRAINT "CHK_gift_card_balance_within_value" CHECK (balance >= 0 AND balance <= value), CONSTRAINT "PK_af4e338d2d41035042843ad641f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_region_id" ON "gift_card" ("region_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_order_id" ON "gift_card" ("order_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_gift_card_code_unique" ON "gift_card" ("code") WHERE deleted_at IS NULL`);
    await queryRunner.query(
      `CREATE TABLE "gift_card_transaction" ("id" character varying NOT NULL, "gift_card_id" character varying NOT NULL, "order_id" character varying, "amount" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "is_taxable" boolean, "tax_rate" real, CONSTRAINT "PK_cfb5b4ba5447a507aef87d73fe7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_transaction_gift_card_id" ON "gift_card_transaction" ("gift_card_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_gift_card_transaction_order_id" ON "gift_card_transaction" ("order_id")`);
    await queryRunner.query(
      `ALTER TABLE "gift_card" ADD CONSTRAINT "FK_gift_card_region_id" FOREIGN KEY ("region_id") REFERENCES "region"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "gift_card_transaction" ADD CONSTRAINT "FK_gift_card_transaction_gift_card_id" FOREIGN KEY ("gift_card_id") REFERENCES "gift_card"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "gift_card_transaction" DROP CONSTRAINT "FK_gift_card_transaction_gift_card_id"`);
    await queryRunner.query(`ALTER TABLE "gift_card" DROP CONSTRAINT "FK_gift_card_region_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_gift_card_transaction_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_gift_card_transaction_gift_card_id"`);
    await queryRunner.query(`DROP TABLE "gift_card_transaction"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_gift_card_code_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_gift_card_order_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_gift_card_region_id"`);
    await queryRunner.query(`DROP TABLE "gift_card"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Draft orders (with their own display-id sequence), the custom shipping options a draft's
 * custom shipping prices create, and the foreign key from order.draft_order_id, which the
 * orders migration left without a constraint because this table did not exist yet.
 */
export class DraftOrders1795316510000 implements MigrationInterface {
  name = 'DraftOrders1795316510000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "custom_shipping_option" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "price" integer NOT NULL, "shipping_option_id" character varying NOT NULL, "cart_id" character varying, "metadata" jsonb, CONSTRAINT "CHK_custom_shipping_option_price_non_negative" CHECK (price >= 0), CONSTRAINT "PK_8dfcb5c1172c29eec4a728420cc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_custom_shipping_option_shipping_option_id" ON "custom_shipping_option" ("shipping_option_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_custom_shipping_option_cart_id" ON "custom_shipping_option" ("cart_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "IDX_custom_shipping_option_option_cart_unique" ON "custom_shipping_option" ("shipping_option_id", "cart_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "draft_order" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "status" character varying NOT NULL DEFAULT 'open', "display_id" SERIAL NOT NULL, "cart_id" character varying NOT NULL, "order_id" character varying, "canceled_at" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, "no_notification_order" boolean, "idempotency_key" character varying, "metadata" jsonb, CONSTRAINT "CHK_draft_order_status" CHECK (status IN ('open', 'completed')), CONSTRAINT "PK_f478946c183d98f8d88a94cfcd7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_draft_order_display_id" ON "draft_order" ("display_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_draft_order_cart_id_unique" ON "draft_order" ("cart_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_draft_order_order_id_unique" ON "draft_order" ("order_id")`);
    await queryRunner.query(
      `ALTER TABLE "custom_shipping_option" ADD CONSTRAINT "FK_custom_shipping_option_shipping_option_id" FOREIGN KEY ("shipping_option_id") REFERENCES "shipping_option"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_shipping_option" ADD CONSTRAINT "FK_custom_shipping_option_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "draft_order" ADD CONSTRAINT "FK_draft_order_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "draft_order" ADD CONSTRAINT "FK_draft_order_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "order" ADD CONSTRAINT "FK_order_draft_order_id" FOREIGN KEY ("draft_order_id") REFERENCES "draft_order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order" DROP CONSTRAINT "FK_order_draft_order_id"`);
    await queryRunner.query(`ALTER TABLE "draft_order" DROP CONSTRAINT "FK_draft_order_order_id"`);
    await queryRunner.query(`ALTER TABLE "draft_order" DROP CONSTRAINT "FK_draft_order_cart_id"`);
    await queryRunner.query(`ALTER TABLE "custom_shipping_option" DROP CONSTRAINT "FK_custom_shipping_option_cart_id"`);
    await queryRunner.query(`ALTER TABLE "custom_shipping_option" DROP CONSTRAINT "FK_custom_shipping_option_shipping_option_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draft_order_order_id_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draft_order_cart_id_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_draft_order_display_id"`);
    await queryRunner.query(`DROP TABLE "draft_order"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_custom_shipping_option_option_cart_unique"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_custom_shipping_option_cart_id"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_custom_shipping_option_shipping_option_id"`);
    await queryRunner.query(`DROP TABLE "custom_shipping_option"`);
  }
}

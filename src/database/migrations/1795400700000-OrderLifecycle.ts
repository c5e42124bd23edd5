import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What happens to an order after checkout (issue 40): refunds (payments), fulfilments with
 * their items and tracking links (fulfillments), and staff notes (notes), in Medusa v1's
 * columns. A line's fulfilled and shipped quantities already have their columns on
 * line_item; they are moved only by conditional UPDATEs under the order's row lock.
 */
export class OrderLifecycle1795400700000 implements MigrationInterface {
  name = 'OrderLifecycle1795400700000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "note" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "value" character varying NOT NULL, "resource_type" character varying NOT NULL, "resource_id" character varying NOT NULL, "author_id" character varying, "metadata" jsonb, CONSTRAINT "PK_96d0c172a4fba276b1bbed43058" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_note_resource_id" ON "note"  ("resource_id")`);
    await queryRunner.query(
      `CREATE TABLE "refund" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "order_id" character varying, "payment_id" character varying, "amount" integer NOT NULL, "note" character varying, "reason" character varying NOT NULL, "metadata" jsonb, "idempotency_key" character varying, CONSTRAINT "CHK_refund_reason" CHECK (reason IN ('discount', 'return', 'swap', 'claim', 'other')), CONSTRAINT "CHK_refund_amount_non_negative" CHECK (amount >= 0), CONSTRAINT "PK_f1cefa2e60d99b206c46c1116e5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_refund_order_id" ON "refund"  ("order_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_refund_payment_id" ON "refund"  ("payment_id")`);
    await queryRunner.query(
      `CREATE TABLE "fulfillment" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "order_id" character varying, "swap_id" character varying, "claim_order_id" character varying, "provider_id" character varying NOT NULL, "location_id" character varying, "data" jsonb NOT NULL DEFAULT '{}', "tracking_numbers" jsonb NOT NULL DEFAULT '[]', "shipped_at" TIMESTAMP WITH TIME ZONE, "canceled_at" TIMESTAMP WITH TIME ZONE, "no_notification" boolean, "metadata" jsonb, "idempotency_key" character varying, CONSTRAINT "PK_50c102da132afffae660585981f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fulfillment_order_id" ON "fulfillment"  ("order_id")`);
    await queryRunner.query(
      `CREATE TABLE "fulfillment_item" ("fulfillment_id" character varying NOT NULL, "item_id" character varying NOT NULL, "quantity" integer NOT NULL, CONSTRAINT "CHK_fulfillment_item_quantity_positive" CHECK (quantity > 0), CONSTRAINT "PK_bc3e8a388de75db146a249922e0" PRIMARY KEY ("fulfillment_id", "item_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_fulfillment_item_item_id" ON "fulfillment_item"  ("item_id")`);
    await queryRunner.query(
      `CREATE TABLE "tracking_link" ("id" character varying NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, "fulfillment_id" character varying NOT NULL, "tracking_number" character varying NOT NULL, "url" character varying, "metadata" jsonb, "idempotency_key" character varying, CONSTRAINT "PK_fcfd77feb9012ec2126d7c0bfb6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_tracking_link_fulfillment_id" ON "tracking_link"  ("fulfillment_id")`);
    await queryRunner.query(
      `ALTER TABLE "note" ADD CONSTRAINT "FK_note_author_id" FOREIGN KEY ("author_id") REFERENCES "user"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refund" ADD CONSTRAINT "FK_refund_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refund" ADD CONSTRAINT "FK_refund_payment_id" FOREIGN KEY ("payment_id") REFERENCES "payment"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fulfillment" ADD CONSTRAINT "FK_fulfillment_order_id" FOREIGN KEY ("order_id") REFERENCES "order"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fulfillment" ADD CONSTRAINT "FK_fulfillment_provider_id" FOREIGN KEY ("provider_id") REFERENCES "fulfillment_provider"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fulfillment_item" ADD CONSTRAINT "FK_fulfillment_item_fulfillment_id" FOREIGN KEY ("fulfillment_id") REFERENCES "fulfillment"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "fulfillment_item" ADD CONSTRAINT "FK_fulfillment_item_item_id" FOREIGN KEY ("item_id") REFERENCES "line_item"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracking_link" ADD CONSTRAINT "FK_tracking_link_fulfillment_id" FOREIGN KEY ("fulfillment_id") REFERENCES "fulfillment"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "tracking_link"`);
    await queryRunner.query(`DROP TABLE "fulfillment_item"`);
    await queryRunner.query(`DROP TABLE "fulfillment"`);
    await queryRunner.query(`DROP TABLE "refund"`);
    await queryRunner.query(`DROP TABLE "note"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stripe card payments: one row per Stripe webhook event received, whose primary key makes each event id handled once however often
 * Stripe sends it and whichever instance receives it.
 */
export class StripePayments1795400800000 implements MigrationInterface {
  name = 'StripePayments1795400800000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stripe_webhook_event" ("id" character varying NOT NULL, "type" character varying NOT NULL, "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "processed_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_stripe_webhook_event" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_stripe_webhook_event_received_at" ON "stripe_webhook_event" ("received_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "stripe_webhook_event"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints (the URL, the events wanted, the signing secret) and their deliveries:
 * one row per (endpoint, event), whose id is the `webhook-id` the receiver deduplicates on.
 */
export class Webhooks1795316750100 implements MigrationInterface {
  name = 'Webhooks1795316750100';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoint" ("id" character varying NOT NULL, "url" text NOT NULL, "events" text[] NOT NULL, "description" text, "secret" character varying NOT NULL, "disabled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_endpoint" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_delivery" ("id" character varying NOT NULL, "endpoint_id" character varying NOT NULL, "event_id" character varying NOT NULL, "event_name" character varying NOT NULL, "payload" jsonb NOT NULL, "status" character varying NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT 0, "response_status" integer, "last_error" text, "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_webhook_delivery" PRIMARY KEY ("id"), CONSTRAINT "FK_webhook_delivery_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_webhook_delivery_endpoint_event" ON "webhook_delivery" ("endpoint_id", "event_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_endpoint_created" ON "webhook_delivery" ("endpoint_id", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoint"`);
  }
}

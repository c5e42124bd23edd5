import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-aggregate order of webhook deliveries: each delivery knows the resource its event is
 * about (`aggregate_id`, the payload's `id`, or the payload where it is a bare id) and the event's place in the outbox
 * (`event_seq`). A delivery is sent only once every earlier delivery to the same endpoint
 * about the same resource has settled; the partial index finds those still open.
 */
export class WebhookDeliveryOrder1795316840000 implements MigrationInterface {
  name = 'WebhookDeliveryOrder1795316840000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "aggregate_id" character varying`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "event_seq" bigint`);
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_delivery_open_by_aggregate" ON "webhook_delivery" ("endpoint_id", "aggregate_id", "event_seq") WHERE "status" IN ('pending', 'retrying')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_webhook_delivery_open_by_aggregate"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "event_seq"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "aggregate_id"`);
  }
}

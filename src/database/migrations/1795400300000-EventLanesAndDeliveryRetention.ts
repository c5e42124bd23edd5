import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lanes and bounded storage of events (issue 37):
 * - `outbox_event.lane`: 0 for the shop's business (orders, customers, admin work), 1 for
 *   what any anonymous shopper's cart writes cause. The relay hands the business lane over
 *   first; the pending index follows that order.
 * - a webhook delivery references its event instead of copying the payload per endpoint.
 *   Deliveries whose event was already deleted by the outbox retention get it back (from
 *   their own copy) before the copy goes, so every delivery keeps its payload.
 * - settled deliveries are deleted after a retention: the partial index finds them.
 */
export class EventLanesAndDeliveryRetention1795400300000 implements MigrationInterface {
  name = 'EventLanesAndDeliveryRetention1795400300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_event" ADD "lane" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`UPDATE "outbox_event" SET "lane" = 1 WHERE "dispatched_at" IS NULL AND "name" LIKE 'cart.%'`);
    await queryRunner.query(`DROP INDEX "IDX_outbox_event_pending"`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_event_pending" ON "outbox_event" ("lane", "seq") WHERE "dispatched_at" IS NULL`);

    await queryRunner.query(
      `INSERT INTO "outbox_event" ("id", "name", "data", "lane", "created_at", "dispatched_at")
       SELECT DISTINCT ON (d."event_id") d."event_id", d."event_name", d."payload", CASE WHEN d."event_name" LIKE 'cart.%' THEN 1 ELSE 0 END, d."created_at", d."created_at"
         FROM "webhook_delivery" d
        WHERE NOT EXISTS (SELECT 1 FROM "outbox_event" e WHERE e."id" = d."event_id")
        ORDER BY d."event_id", d."created_at"`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "payload"`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_event" ON "webhook_delivery" ("event_id")`);
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery" ADD CONSTRAINT "FK_webhook_delivery_event" FOREIGN KEY ("event_id") REFERENCES "outbox_event"("id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_webhook_delivery_settled" ON "webhook_delivery" ("updated_at") WHERE "status" IN ('succeeded', 'failed', 'superseded')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_webhook_delivery_settled"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP CONSTRAINT "FK_webhook_delivery_event"`);
    await queryRunner.query(`DROP INDEX "IDX_webhook_delivery_event"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "payload" jsonb`);
    await queryRunner.query(`UPDATE "webhook_delivery" d SET "payload" = e."data" FROM "outbox_event" e WHERE e."id" = d."event_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ALTER COLUMN "payload" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "IDX_outbox_event_pending"`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_event_pending" ON "outbox_event" ("seq") WHERE "dispatched_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "outbox_event" DROP COLUMN "lane"`);
  }
}

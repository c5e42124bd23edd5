import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook attempts without a held connection, and secret rotation:
 * - `job_id`: the one queue job that may attempt the delivery (a job left behind by a dead
 *   worker, or replaced by a redelivery, finds another id and stops);
 * - `leased_until`: an attempt in flight (claimed in a short transaction, sent with no
 *   connection held, recorded in another); past it the attempt is taken as cut, and the
 *   delivery is given a new job;
 * - `attempt_limit`: the `attempts` value at which a failure is final (raised by a redelivery);
 * - `occurred_at`: the event's time, the body's `timestamp` on every attempt;
 * - `previous_secret` (+ its end): the secret a rotation replaced, still signing until then.
 * Rows from before keep NULL job ids and limits: any job of theirs may attempt them, with the
 * retry limit of the settings.
 */
export class WebhookAttemptLeases1795400400000 implements MigrationInterface {
  name = 'WebhookAttemptLeases1795400400000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "job_id" uuid`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "leased_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "attempt_limit" integer`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ADD "occurred_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "webhook_delivery" d SET "occurred_at" = coalesce((SELECT o.created_at FROM outbox_event o WHERE o.id = d.event_id), d.created_at)`,
    );
    await queryRunner.query(`ALTER TABLE "webhook_delivery" ALTER COLUMN "occurred_at" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_leased" ON "webhook_delivery" ("leased_until") WHERE "leased_until" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previous_secret" character varying`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previous_secret_expires_at"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previous_secret"`);
    await queryRunner.query(`DROP INDEX "IDX_webhook_delivery_leased"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "occurred_at"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "attempt_limit"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "leased_until"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP COLUMN "job_id"`);
  }
}

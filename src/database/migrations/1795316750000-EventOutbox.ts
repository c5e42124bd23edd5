import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox: events are inserted in the transaction of their change and
 * handed to the job queue by a relay. The partial index keeps the relay's scan to the
 * events not yet handed over, however many are kept.
 */
export class EventOutbox1795316750000 implements MigrationInterface {
  name = 'EventOutbox1795316750000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "outbox_event" ("id" character varying NOT NULL, "seq" bigserial NOT NULL, "name" character varying NOT NULL, "data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "dispatched_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_outbox_event" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_outbox_event_pending" ON "outbox_event" ("seq") WHERE "dispatched_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_outbox_event_dispatched_at" ON "outbox_event" ("dispatched_at") WHERE "dispatched_at" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "outbox_event"`);
  }
}

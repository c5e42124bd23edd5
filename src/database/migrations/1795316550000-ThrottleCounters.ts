import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Login-throttling counters shared by every app instance (see PgThrottlerStorage). No
 * entity maps this table: it is only touched by raw SQL. UNLOGGED because the rows live
 * for a minute and losing them in a crash only resets the counts; writes skip the WAL.
 */
export class ThrottleCounters1795316550000 implements MigrationInterface {
  name = 'ThrottleCounters1795316550000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE UNLOGGED TABLE "throttle_counter" ("key" varchar NOT NULL, "hits" integer NOT NULL, "expires_at" timestamptz NOT NULL, "blocked_until" timestamptz, CONSTRAINT "PK_throttle_counter" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_throttle_counter_expires_at" ON "throttle_counter" ("expires_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "throttle_counter"`);
  }
}

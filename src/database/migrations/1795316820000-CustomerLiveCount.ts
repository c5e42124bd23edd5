import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The number of live customers, kept by the database, for the `count` of the unfiltered
 * GET /admin/customers. Medusa's list envelope carries the exact total; counting it cost a
 * scan of the whole table per request (323 ms at 1 000 000 customers, the list's whole
 * cost: 6 requests a second at 10 connections), and an estimate is not the contract.
 *
 * Statement-level triggers with transition tables add each statement's change of live
 * rows (`deleted_at IS NULL`) in the writing transaction, so the total is exact for every
 * committed state. Each backend adds to its own row (keyed by its process id): concurrent
 * writers never wait on one another's counter row, and a reader sums the rows. Row 0 holds
 * the count at migration time; a process id may come back after its backend ended and
 * simply adds to its old row. A load that skips triggers (`session_replication_role =
 * replica`) must recount: `DELETE FROM customer_live_count; INSERT INTO
 * customer_live_count SELECT 0, count(*) FROM customer WHERE deleted_at IS NULL`.
 */
export class CustomerLiveCount1795316820000 implements MigrationInterface {
  name = 'CustomerLiveCount1795316820000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "customer_live_count" ("backend" integer PRIMARY KEY, "live" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "customer_live_count" ("backend", "live") SELECT 0, count(*) FROM "customer" WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`
      CREATE FUNCTION customer_live_count_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        delta bigint := 0;
        n bigint;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM customer_live_count;
          INSERT INTO customer_live_count (backend, live) VALUES (0, 0);
          RETURN NULL;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          SELECT count(*) INTO n FROM new_rows WHERE deleted_at IS NULL;
          delta := delta + n;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          SELECT count(*) INTO n FROM old_rows WHERE deleted_at IS NULL;
          delta := delta - n;
        END IF;
        IF delta <> 0 THEN
          INSERT INTO customer_live_count AS c (backend, live) VALUES (pg_backend_pid(), delta)
            ON CONFLICT (backend) DO UPDATE SET live = c.live + EXCLUDED.live;
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(
      `CREATE TRIGGER customer_live_count_insert AFTER INSERT ON "customer" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_live_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customer_live_count_update AFTER UPDATE ON "customer" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_live_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customer_live_count_delete AFTER DELETE ON "customer" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_live_count_changed()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customer_live_count_truncate AFTER TRUNCATE ON "customer" FOR EACH STATEMENT EXECUTE FUNCTION customer_live_count_changed()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER customer_live_count_truncate ON "customer"`);
    await queryRunner.query(`DROP TRIGGER customer_live_count_delete ON "customer"`);
    await queryRunner.query(`DROP TRIGGER customer_live_count_update ON "customer"`);
    await queryRunner.query(`DROP TRIGGER customer_live_count_insert ON "customer"`);
    await queryRunner.query(`DROP FUNCTION customer_live_count_changed()`);
    await queryRunner.query(`DROP TABLE "customer_live_count"`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

const RESET_EVENTS = `('customer.password_reset', 'user.password_reset')`;

/**
 * Reset events used to carry the live reset token (`data.token`) into `outbox_event` (kept
 * EVENTS_RETENTION_DAYS) and into the queue's delivery jobs (their `data.data`), where a
 * read of the database or a backup could take an account over. Events now carry a grant
 * instead; this removes the tokens already stored. A request made just before the upgrade
 * gets no mail (its event has no grant): the shopper asks again. Nothing to restore on down.
 */
export class ScrubStoredResetTokens1795400200001 implements MigrationInterface {
  name = 'ScrubStoredResetTokens1795400200001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE outbox_event SET data = data - 'token' WHERE name IN ${RESET_EVENTS} AND data ? 'token'`);
    // pg-boss creates its schema at the app's first start, after the migrations: on a new database there is nothing to scrub.
    for (const table of ['pgboss.job', 'pgboss.archive']) {
      const [{ present }] = (await queryRunner.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [table])) as Array<{ present: boolean }>;
      if (!present) continue;
      await queryRunner.query(
        `UPDATE ${table} SET data = jsonb_set(data, '{data}', (data -> 'data') - 'token') WHERE data ->> 'name' IN ${RESET_EVENTS} AND data -> 'data' ? 'token'`,
      );
    }
  }

  public async down(): Promise<void> {
    // The tokens are gone for good, as intended.
  }
}

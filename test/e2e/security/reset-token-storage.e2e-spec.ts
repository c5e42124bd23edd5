import type { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { eventsSettled } from '../../helpers/event-delivery';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';

/** Every table of every schema but PostgreSQL's own. */
async function allTables(dataSource: DataSource): Promise<string[]> {
  const rows: Array<{ name: string }> = await dataSource.query(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  return rows.map((r) => r.name);
}

/** The tables holding `needle` anywhere in a row (each row read as text, every column). */
async function tablesContaining(dataSource: DataSource, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of await allTables(dataSource)) {
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM ${table} AS r WHERE strpos(r::text, $1) > 0`, [needle]);
    if (n > 0) found.push(table);
  }
  return found;
}

/**
 * Issue 37, finding 8: live reset tokens sat in clear in `outbox_event` (kept 7 days) and in
 * the queue's job rows, so a read of the database, a replica or a backup was an account
 * takeover. Now the event keeps a grant the mail makes the token from with the server's
 * secret; no row anywhere holds the token, and the mailed one works once.
 */
describe('Reset tokens are stored nowhere: only the mail carries them', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailedToken = async (email: string) => {
    const [mail] = await smtp.mailTo(email);
    return /[?&]token=([\w.-]+)/.exec(mail.text)![1];
  };

  /** No table holds the token, nor its signature alone (the part only the server's key makes). */
  const expectStoredNowhere = async (token: string) => {
    await eventsSettled(t.dataSource);
    const signature = token.split('.')[2];
    expect(signature.length).toBeGreaterThan(20);
    expect(await tablesContaining(t.dataSource, token)).toEqual([]);
    expect(await tablesContaining(t.dataSource, signature)).toEqual([]);
    // The scan does see the event and its delivery job (what used to carry the token).
    const carriers = await tablesContaining(t.dataSource, 'password_reset');
    expect(carriers).toContain('public.outbox_event');
    expect(carriers.some((table) => table.startsWith('pgboss.'))).toBe(true);
  };

  it("a shopper's reset: no row of any table holds the mailed token, and the token resets the password once", async () => {
    await t.http().post('/store/customers').send({ email: 'kept@test.com', password: 'old-password', first_name: 'K', last_name: 'Ept' }).expect(200);
    await t.http().post('/store/customers/password-token').send({ email: 'kept@test.com' }).expect(204);
    const token = await mailedToken('kept@test.com');
    await expectStoredNowhere(token);

    await t.http().post('/store/customers/password-reset').send({ email: 'kept@test.com', token, password: 'new-password' }).expect(200);
    await t.http().post('/store/customers/password-reset').send({ email: 'kept@test.com', token, password: 'third-password' }).expect(401);
    await t.http().post('/store/auth').send({ email: 'kept@test.com', password: 'new-password' }).expect(200);
  });

  it("an admin user's reset: the same", async () => {
    await createAdminUser(t, { email: 'keeper@test.com', password: 'old-password' });
    await t.http().post('/admin/users/password-token').send({ email: 'keeper@test.com' }).expect(204);
    const token = await mailedToken('keeper@test.com');
    await expectStoredNowhere(token);

    await t.http().post('/admin/users/reset-password').send({ token, password: 'new-password' }).expect(200);
    await t.http().post('/admin/users/reset-password').send({ token, password: 'third-password' }).expect(401);
    await t.http().post('/admin/auth').send({ email: 'keeper@test.com', password: 'new-password' }).expect(200);
  });
});

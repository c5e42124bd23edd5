import * as jwt from 'jsonwebtoken';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent, bearer, createAdminUser } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';
import { createCustomer } from '../../factories/customer.factory';

/** The newest event of that name for that email (the mailbox's view), waiting for it to be written. */
async function resetEvent(t: TestApp, name: string, email: string, after = 0, timeoutMs = 5_000): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await t.dataSource.query(`SELECT data, seq FROM outbox_event WHERE name = $1 AND data ->> 'email' = $2 AND seq > $3 ORDER BY seq DESC`, [
      name,
      email,
      after,
    ]);
    if (rows.length) return { ...rows[0].data, seq: Number(rows[0].seq) };
    if (Date.now() > until) throw new Error(`no ${name} event for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token of the `nth` reset mail to `email` (the link's `token`): the only place a token is. */
async function mailedToken(smtp: SmtpReceiver, email: string, nth = 1): Promise<string> {
  const mail = (await smtp.mailTo(email, nth))[nth - 1];
  return /[?&]token=([\w.-]+)/.exec(mail.text)![1];
}

const eventCount = async (t: TestApp, name: string, email: string) =>
  (await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_event WHERE name = $1 AND data ->> 'email' = $2`, [name, email]))[0].n;

describe('Password reset (Medusa v1: store customers and admin users)', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', LOGIN_THROTTLE_LIMIT: '4', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('store: POST /store/customers/password-token and /store/customers/password-reset', () => {
    const register = (email: string, password = 'old-password') =>
      t.http().post('/store/customers').send({ email, password, first_name: 'Rita', last_name: 'Reset' }).expect(200);

    it('answers 204 with no body whether the account exists or not; only an account gets customer.password_reset, and its mail a token', async () => {
      const { body } = await register('rita@test.com');
      const known = await t.http().post('/store/customers/password-token').send({ email: 'Rita@Test.com' }).expect(204);
      expect(known.text).toBe('');
      const event = await resetEvent(t, 'customer.password_reset', 'rita@test.com');
      expect(event).toMatchObject({ id: body.customer.id, email: 'rita@test.com', first_name: 'Rita', last_name: 'Reset' });
      // The event keeps no token (Medusa's carries one): only the mail has it.
      expect(event).not.toHaveProperty('token');
      // Short-lived: Medusa's 15 minutes.
      const claims = jwt.decode(await mailedToken(smtp, 'rita@test.com')) as { exp: number; iat: number; customer_id: string };
      expect(claims.exp - claims.iat).toBe(15 * 60);
      expect(claims.customer_id).toBe(body.customer.id);

      const unknown = await t.http().post('/store/customers/password-token').send({ email: 'nobody@test.com' }).expect(204);
      expect(unknown.text).toBe('');
      // A guest (a checkout's customer row, no account) gets nothing either.
      await createCustomer(t.dataSource.manager, { email: 'guest@test.com', has_account: false });
      expect((await t.http().post('/store/customers/password-token').send({ email: 'guest@test.com' }).expect(204)).text).toBe('');
      await new Promise((r) => setTimeout(r, 300));
      expect(await eventCount(t, 'customer.password_reset', 'nobody@test.com')).toBe(0);
      expect(await eventCount(t, 'customer.password_reset', 'guest@test.com')).toBe(0);
    });

    it('refuses a malformed email (400) and wrong or foreign tokens (401), changing nothing', async () => {
      await t.http().post('/store/customers/password-token').send({ email: 'not-an-email' }).expect(400);
      await register('wrong@test.com');
      await register('other@test.com');
      await t.http().post('/store/customers/password-token').send({ email: 'other@test.com' }).expect(204);
      const othersToken = await mailedToken(smtp, 'other@test.com');
      const bad = await t
        .http()
        .post('/store/customers/password-reset')
        .send({ email: 'wrong@test.com', token: othersToken, password: 'new-password' })
        .expect(401);
      expect(bad.body).toEqual({ type: 'unauthorized', message: 'Invalid or expired password reset token' });
      await t.http().post('/store/customers/password-reset').send({ email: 'wrong@test.com', token: 'garbage', password: 'new-password' }).expect(401);
      await t.http().post('/store/customers/password-reset').send({ email: 'nobody@test.com', token: othersToken, password: 'new-password' }).expect(401);
      await t.http().post('/store/customers/password-reset').send({ email: 'other@test.com', token: othersToken }).expect(400);
      await t.http().post('/store/auth').send({ email: 'wrong@test.com', password: 'old-password' }).expect(200);
    });

    it('a token sets the password once, and the reset ends the sessions and JWTs the old password opened', async () => {
      await register('once@test.com');
      const session = t.agent();
      await session.post('/store/auth').send({ email: 'once@test.com', password: 'old-password' }).expect(200);
      const oldJwt = (await t.http().post('/store/auth/token').send({ email: 'once@test.com', password: 'old-password' }).expect(200)).body.access_token;

      await t.http().post('/store/customers/password-token').send({ email: 'once@test.com' }).expect(204);
      const token = await mailedToken(smtp, 'once@test.com');
      const res = await t.http().post('/store/customers/password-reset').send({ email: 'once@test.com', token, password: 'new-password' }).expect(200);
      expect(res.body.customer).toMatchObject({ email: 'once@test.com', has_account: true });
      expect(res.body.customer).not.toHaveProperty('password_hash');

      await t.http().post('/store/auth').send({ email: 'once@test.com', password: 'old-password' }).expect(401);
      await t.http().post('/store/auth').send({ email: 'once@test.com', password: 'new-password' }).expect(200);
      await session.get('/store/auth').expect(401);
      await t.http().get('/store/customers/me').set(bearer(oldJwt)).expect(401);
      // Single use: the new password changed the key the token was signed with.
      await t.http().post('/store/customers/password-reset').send({ email: 'once@test.com', token, password: 'third-password' }).expect(401);
      await t.http().post('/store/auth').send({ email: 'once@test.com', password: 'new-password' }).expect(200);
    });

    it('a token dies when the password changes another way', async () => {
      await register('changed@test.com');
      await t.http().post('/store/customers/password-token').send({ email: 'changed@test.com' }).expect(204);
      const token = await mailedToken(smtp, 'changed@test.com');
      const agent = t.agent();
      await agent.post('/store/auth').send({ email: 'changed@test.com', password: 'old-password' }).expect(200);
      await agent.post('/store/customers/me').send({ password: 'changed-password' }).expect(200);
      await t.http().post('/store/customers/password-reset').send({ email: 'changed@test.com', token, password: 'new-password' }).expect(401);
    });

    it('is throttled like login: token requests per address and email, wrong tokens as failed logins', async () => {
      for (let i = 0; i < 4; i++) await t.http().post('/store/customers/password-token').send({ email: 'throttled@test.com' }).expect(204);
      const refused = await t.http().post('/store/customers/password-token').send({ email: 'throttled@test.com' }).expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body.type).toBeDefined();
      // Asking for resets does not lock the login of that email.
      await register('throttled@test.com');
      await t.http().post('/store/auth').send({ email: 'throttled@test.com', password: 'old-password' }).expect(200);
      for (let i = 0; i < 4; i++)
        await t
          .http()
          .post('/store/customers/password-reset')
          .send({ email: 'guess@test.com', token: `guess-${i}`, password: 'x' })
          .expect(401);
      await t.http().post('/store/customers/password-reset').send({ email: 'guess@test.com', token: 'guess-5', password: 'x' }).expect(429);
    });
  });

  describe('admin: POST /admin/users/password-token and /admin/users/reset-password', () => {
    it('answers 204 either way; a user gets user.password_reset; the token (with or without the email) resets once and ends the logins', async () => {
      const admin = await createAdminUser(t, { email: 'ada@test.com', password: 'old-password' });
      const session = await adminAgent(t, admin);
      const oldJwt = (await t.http().post('/admin/auth/token').send({ email: 'ada@test.com', password: 'old-password' }).expect(200)).body.access_token;

      expect((await t.http().post('/admin/users/password-token').send({ email: 'nobody@test.com' }).expect(204)).text).toBe('');
      expect((await t.http().post('/admin/users/password-token').send({ email: 'ADA@test.com' }).expect(204)).text).toBe('');
      const event = await resetEvent(t, 'user.password_reset', 'ada@test.com');
      expect(event).toMatchObject({ id: admin.user.id, email: 'ada@test.com' });
      expect(event).not.toHaveProperty('token');
      const token = await mailedToken(smtp, 'ada@test.com');
      await new Promise((r) => setTimeout(r, 300));
      expect(await eventCount(t, 'user.password_reset', 'nobody@test.com')).toBe(0);

      await t.http().post('/admin/users/reset-password').send({ email: 'someone@test.com', token, password: 'new-password' }).expect(401);
      await t.http().post('/admin/users/reset-password').send({ token: 'garbage', password: 'new-password' }).expect(401);
      const res = await t.http().post('/admin/users/reset-password').send({ token, password: 'new-password' }).expect(200);
      expect(res.body.user).toMatchObject({ id: admin.user.id, email: 'ada@test.com' });
      expect(res.body.user).not.toHaveProperty('password_hash');

      await session.get('/admin/auth').expect(401);
      await t.http().get('/admin/auth').set(bearer(oldJwt)).expect(401);
      await t.http().post('/admin/auth').send({ email: 'ada@test.com', password: 'old-password' }).expect(401);
      await t.http().post('/admin/auth').send({ email: 'ada@test.com', password: 'new-password' }).expect(200);
      await t.http().post('/admin/users/reset-password').send({ email: 'ada@test.com', token, password: 'again' }).expect(401);
    });
  });
});

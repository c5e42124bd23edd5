import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';

type Body = Record<string, any>;

/**
 * The team's invitations as Medusa v1.20 handles them (reference §14.2), with the token in
 * the invitation mail only (a real SMTP receiver): stored as a digest, single use, expiring.
 */
describe('Admin invites (/admin/invites) and the invitation mail', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const linkIn = (text: string) => /https:\/\/admin\.test\/invite\?token=([\w-]+)/.exec(text)?.[1];
  const inviteFor = async (email: string): Promise<Body> =>
    (await admin.get('/admin/invites').expect(200)).body.invites.find((i: Body) => i.user_email === email);
  const accept = (token: string, password = 'team-password') =>
    t
      .http()
      .post('/admin/invites/accept')
      .send({ token, user: { first_name: 'Tea', last_name: 'Mate', password } });

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Test Shop <shop@test.com>',
      MAIL_ADMIN_INVITE_URL: 'https://admin.test/invite',
      PASSWORD_RESET_MAILS_PER_HOUR: '3',
      LOGIN_THROTTLE_ADDRESS_LIMIT: '8',
    });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('needs an authenticated admin, except to accept', async () => {
    await t.http().get('/admin/invites').expect(401);
    await t.http().post('/admin/invites').send({ user: 'a@b.co', role: 'member' }).expect(401);
    await t.http().post('/admin/invites/invite_x/resend').expect(401);
    await t.http().delete('/admin/invites/invite_x').expect(401);
    expect((await accept('inv_x').expect(400)).body).toEqual({ type: 'invalid_data', message: 'Token is not valid' });
  });

  it('invites (200 text OK), mails the link, and the link creates the user once; the token is stored only as a digest', async () => {
    const res = await admin.post('/admin/invites').send({ user: 'New.Member@shop.com', role: 'developer' }).expect(200);
    expect(res.text).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);

    const invite = await inviteFor('New.Member@shop.com');
    expect(invite).toMatchObject({ id: expect.stringMatching(/^invite_/), role: 'developer', accepted: false, expires_at: expect.any(String) });
    expect(invite).not.toHaveProperty('token');
    expect(invite).not.toHaveProperty('token_digest');
    const days = (new Date(invite.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await smtp.mailTo('New.Member@shop.com');
    expect(mail.raw).toMatch(/^Subject: You are invited to join the shop's team/m);
    const token = linkIn(mail.text)!;
    expect(token).toMatch(/^inv_/);
    // Neither the row nor the event holds the token.
    const [row] = await t.dataSource.query('SELECT token_digest FROM invite WHERE id = $1', [invite.id]);
    expect(row.token_digest).not.toContain(token);
    const events = await t.dataSource.query(`SELECT data::text AS data FROM outbox_event WHERE name = 'invite.created'`);
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.data).not.toContain(token);

    expect((await accept(token).expect(200)).text).toBe('OK');
    const login = await t.http().post('/admin/auth').send({ email: 'new.member@shop.com', password: 'team-password' }).expect(200);
    expect(login.body.user).toMatchObject({ email: 'new.member@shop.com', role: 'developer', first_name: 'Tea' });
    expect(await inviteFor('New.Member@shop.com')).toBeUndefined();
    // Single use.
    expect((await accept(token).expect(400)).body).toEqual({ type: 'invalid_data', message: 'Invalid invite' });
  });

  it("refuses inviting an existing user, and bad input, with Medusa's messages", async () => {
    const existing = admin.credentials.email;
    expect((await admin.post('/admin/invites').send({ user: existing, role: 'member' }).expect(400)).body).toEqual({
      type: 'invalid_data',
      message: "Can't invite a user with an existing account",
    });
    expect((await admin.post('/admin/invites').send({ user: 'not-an-email', role: 'member' }).expect(400)).body.type).toBe('invalid_data');
    await admin.post('/admin/invites').send({ user: 'x@shop.com', role: 'owner' }).expect(400);
    expect((await t.http().post('/admin/invites/accept').send({ token: 'inv_x' }).expect(400)).body.message).toContain('user should not be empty');
  });

  it('resending gives a new token (the old link stops working) and a new expiry; an expired invite is refused', async () => {
    await admin.post('/admin/invites').send({ user: 'resend@shop.com', role: 'member' }).expect(200);
    const [first] = await smtp.mailTo('resend@shop.com');
    const oldToken = linkIn(first.text)!;
    const invite = await inviteFor('resend@shop.com');
    expect((await admin.post(`/admin/invites/${invite.id}/resend`).expect(200)).text).toBe('OK');
    const mails = await smtp.mailTo('resend@shop.com', 2);
    const newToken = linkIn(mails[1].text)!;
    expect(newToken).not.toBe(oldToken);
    await accept(oldToken).expect(400);

    await t.dataSource.query(`UPDATE invite SET expires_at = now() - interval '1 minute' WHERE id = $1`, [invite.id]);
    expect((await accept(newToken).expect(400)).body.message).toBe('Invalid invite');
    expect((await admin.post('/admin/invites/invite_missing/resend').expect(400)).body).toEqual({ type: 'invalid_data', message: "Invite doesn't exist" });
  });

  it('re-inviting an email updates the role of its invite; deleting is hard (200, unknown ids too)', async () => {
    await admin.post('/admin/invites').send({ user: 'again@shop.com', role: 'member' }).expect(200);
    await admin.post('/admin/invites').send({ user: 'again@shop.com', role: 'admin' }).expect(200);
    const invite = await inviteFor('again@shop.com');
    expect(invite.role).toBe('admin');
    expect((await admin.get('/admin/invites').expect(200)).body.invites.filter((i: Body) => i.user_email === 'again@shop.com')).toHaveLength(1);
    expect((await admin.delete(`/admin/invites/${invite.id}`).expect(200)).body).toEqual({ id: invite.id, object: 'invite', deleted: true });
    expect(await t.dataSource.query('SELECT id FROM invite WHERE id = $1', [invite.id])).toEqual([]);
    await admin.delete('/admin/invites/invite_missing').expect(200);
  });

  it('bounds the invitation mails of one mailbox per hour (429 past PASSWORD_RESET_MAILS_PER_HOUR)', async () => {
    await admin.post('/admin/invites').send({ user: 'flood@shop.com', role: 'member' }).expect(200);
    const invite = await inviteFor('flood@shop.com');
    await admin.post(`/admin/invites/${invite.id}/resend`).expect(200);
    await admin.post(`/admin/invites/${invite.id}/resend`).expect(200);
    expect((await admin.post(`/admin/invites/${invite.id}/resend`).expect(429)).body.type).toBeDefined();
  });

  it('throttles refused tokens per client address, as failed logins are (429 past LOGIN_THROTTLE_ADDRESS_LIMIT)', async () => {
    const guess = () => accept(`inv_${'A'.repeat(43)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await guess()).status);
    expect(statuses).toContain(400);
    expect(statuses[statuses.length - 1]).toBe(429);
    const refused = await guess().expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { eventsSettled } from '../../helpers/event-delivery';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';

/**
 * Issue 37, finding 6: reset requests were capped per client address only, so 12 addresses
 * x 4 requests put 48 reset mails in one mailbox. Now each mailbox gets at most
 * PASSWORD_RESET_MAILS_PER_HOUR (3 by default) an hour, counted in the database whichever
 * instance takes the request, and the route answers exactly the same either way.
 */
describe('Reset mails are capped per mailbox, across client addresses and instances', () => {
  const PER_MAILBOX = 3;
  let a: TestApp;
  let b: TestApp;
  let smtp: SmtpReceiver;
  let ip = 0;
  const freshIp = () => `198.51.100.${++ip}`;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const env = { ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
    a = await createTestApp(env);
    b = await startTestApp(a.databaseUrl, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await smtp.close();
  });

  /** 12 client addresses x 4 requests, alternating between the two instances; every answer's status and body. */
  const flood = async (path: string, email: string) => {
    const answers: Array<{ status: number; text: string }> = [];
    for (let address = 0; address < 12; address++) {
      const from = freshIp();
      for (let i = 0; i < 4; i++) {
        const res = await (i % 2 ? b : a).http().post(path).set('X-Forwarded-For', from).send({ email });
        answers.push({ status: res.status, text: res.text });
      }
    }
    return answers;
  };

  it(`a shopper's mailbox gets ${PER_MAILBOX} reset mails an hour, not 48, and every request is answered 204 as before`, async () => {
    await a.http().post('/store/customers').send({ email: 'target@test.com', password: 'old-password', first_name: 'T', last_name: 'Arget' }).expect(200);
    const answers = await flood('/store/customers/password-token', 'target@test.com');
    const unknown = await flood('/store/customers/password-token', 'nobody-here@test.com');
    // The same answer for the account past its budget as for an email with no account: nothing to enumerate.
    expect(new Set([...answers, ...unknown].map((r) => `${r.status} ${r.text}`))).toEqual(new Set(['204 ']));
    await smtp.mailTo('target@test.com', PER_MAILBOX);
    await new Promise((r) => setTimeout(r, 500)); // the requests' lookups run after their answers
    await eventsSettled(a.dataSource);
    expect(smtp.mails.filter((m) => m.to.includes('target@test.com'))).toHaveLength(PER_MAILBOX);
    expect(smtp.mails.filter((m) => m.to.includes('nobody-here@test.com'))).toHaveLength(0);
    // Past the budget no event is even written.
    const [{ n }] = await a.dataSource.query(`SELECT count(*)::int AS n FROM outbox_event WHERE name = 'customer.password_reset'`);
    expect(n).toBe(PER_MAILBOX);
  });

  it(`an admin user's mailbox too; another mailbox keeps its own budget`, async () => {
    await createAdminUser(a, { email: 'staff@test.com', password: 'old-password' });
    await createAdminUser(a, { email: 'other-staff@test.com', password: 'old-password' });
    const answers = await flood('/admin/users/password-token', 'staff@test.com');
    expect(new Set(answers.map((r) => `${r.status} ${r.text}`))).toEqual(new Set(['204 ']));
    await b.http().post('/admin/users/password-token').set('X-Forwarded-For', freshIp()).send({ email: 'other-staff@test.com' }).expect(204);
    await smtp.mailTo('staff@test.com', PER_MAILBOX);
    await smtp.mailTo('other-staff@test.com', 1);
    await new Promise((r) => setTimeout(r, 500));
    await eventsSettled(a.dataSource);
    expect(smtp.mails.filter((m) => m.to.includes('staff@test.com'))).toHaveLength(PER_MAILBOX);
  });
});

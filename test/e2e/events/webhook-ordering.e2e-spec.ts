import { createHmac } from 'crypto';
import { createServer, IncomingHttpHeaders, Server } from 'http';
import { AddressInfo } from 'net';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';

jest.setTimeout(60_000);

interface Arrival {
  type: string;
  data: { id: string; email: string; first_name: string | null };
  webhookId: string;
  answered: number;
  signed: boolean;
}

/** Standard Webhooks verification, written from the specification (not the app's code). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

/**
 * Webhook deliveries about one resource reach the endpoint in the order their changes
 * committed, with two instances relaying and delivering, and while an earlier delivery is
 * being retried; deliveries about other resources are not held back by it.
 */
describe('Webhooks: per-resource order of deliveries', () => {
  const env = {
    ...FAST_QUEUE_ENV,
    EVENTS_POLL_INTERVAL_MS: '50',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_LIMIT: '4',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
  };
  let t: TestApp;
  let second: TestApp;
  let receiver: Server;
  let secret = '';
  const arrivals: Arrival[] = [];
  /** customer.created for this email is answered 500 this many times first. */
  const failFirst = { email: 'first@order.test', times: 2 };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body);
        const refuse = parsed.type === 'customer.created' && parsed.data.email === failFirst.email && failFirst.times-- > 0;
        const answered = refuse ? 500 : 200;
        arrivals.push({
          type: parsed.type,
          data: parsed.data,
          webhookId: String(req.headers['webhook-id']),
          answered,
          signed: verify(secret, req.headers, body),
        });
        res.statusCode = answered;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    t = await createTestApp(env);
    second = await startTestApp(t.databaseUrl, env);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await new Promise((resolve) => receiver.close(resolve));
    for (const name of ['WEBHOOKS_ALLOW_PRIVATE', 'WEBHOOK_RETRY_LIMIT', 'WEBHOOK_RETRY_DELAY_SECONDS', 'EVENTS_POLL_INTERVAL_MS']) delete process.env[name];
  });

  const until = async (what: string, done: () => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(arrivals.map((a) => [a.type, a.data.email, a.data.first_name, a.answered]))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it("sends a resource's later changes only after its earlier delivery succeeded, in commit order; other resources go on", async () => {
    const admin = await adminAgent(t);
    const port = (receiver.address() as AddressInfo).port;
    const endpoint = (
      await admin
        .post('/admin/webhooks')
        .send({ url: `http://127.0.0.1:${port}/hook`, events: ['customer.created', 'customer.updated'] })
        .expect(200)
    ).body.webhook;
    secret = endpoint.secret;

    const register = async (email: string) =>
      (await t.http().post('/store/customers').send({ email, password: 'supersecret', first_name: 'v0', last_name: 'K' }).expect(200)).body.customer
        .id as string;
    const first = await register(failFirst.email);
    // Concurrent updates, sent to both instances: the row lock orders their commits, and that is the order to keep.
    const names = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'];
    const secondAdmin = await adminAgent(second, admin.credentials);
    await Promise.all(names.map((first_name, i) => (i % 2 ? secondAdmin : admin).post(`/admin/customers/${first}`).send({ first_name }).expect(200)));
    const other = await register('other@order.test');

    const about = (id: string) => arrivals.filter((a) => a.data.id === id);
    await until('all deliveries about the first customer', () => about(first).filter((a) => a.answered === 200).length === 1 + names.length);
    await until('the other customer', () => about(other).length === 1);

    const committed: string[] = (
      await t.dataSource.query(`SELECT data->>'first_name' AS name FROM outbox_event WHERE name = 'customer.updated' AND data->>'id' = $1 ORDER BY seq`, [
        first,
      ])
    ).map((row: { name: string }) => row.name);
    expect(committed.slice().sort()).toEqual(names);
    expect(about(first).map((a) => [a.type, a.data.first_name, a.answered])).toEqual([
      ['customer.created', 'v0', 500],
      ['customer.created', 'v0', 500],
      ['customer.created', 'v0', 200],
      ...committed.map((name) => ['customer.updated', name, 200]),
    ]);
    expect(arrivals.every((a) => a.signed)).toBe(true);
    // Each change reached the endpoint once (the retries of the first carry one webhook-id).
    expect(new Set(about(first).map((a) => a.webhookId)).size).toBe(1 + names.length);
    // The other customer's delivery did not wait for the first customer's retries.
    const succeeded = arrivals.findIndex((a) => a.data.id === first && a.answered === 200);
    expect(arrivals.findIndex((a) => a.data.id === other)).toBeLessThan(succeeded);
  });
});

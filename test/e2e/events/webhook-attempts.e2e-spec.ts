import { createHmac } from 'crypto';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { Client } from 'pg';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';

jest.setTimeout(60_000);

interface Arrival {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  res: ServerResponse;
}

/** Standard Webhooks verification, written from the specification (not the app's code). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

/** A receiver that answers nothing by itself: each test decides when and how (a slow receiver is one that waits). */
async function startReceiver(arrivals: Arrival[]): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => arrivals.push({ path: req.url!, headers: req.headers, body, res }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Webhook attempts hold no database connection while the receiver answers', () => {
  const POOL = 3;
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let receiver: { server: Server; base: string };
  let observer: Client;
  const arrivals: Arrival[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(arrivals);
    // As many attempts at once as the app's pool has connections: held across the POST, they would take all of them.
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      DB_POOL_SIZE: String(POOL),
      QUEUE_CONCURRENCY: String(POOL),
      WEBHOOK_TIMEOUT_MS: '15000',
    });
    admin = await adminAgent(t);
    observer = new Client({ connectionString: t.databaseUrl, application_name: 'webhook-attempts-observer' });
    await observer.connect();
  });
  afterAll(async () => {
    for (const a of arrivals) if (!a.res.writableEnded) a.res.destroy();
    await observer?.end();
    await t.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it(`${POOL} attempts stalled on a slow receiver: no connection idle in transaction, the API answers at once, all recorded once answered`, async () => {
    const webhook = (
      await admin
        .post('/admin/webhooks')
        .send({ url: `${receiver.base}/slow`, events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
    for (let i = 0; i < POOL; i++) {
      await t
        .http()
        .post('/store/customers')
        .send({ email: `slow-${i}@test.com`, password: 'supersecret', first_name: 'S', last_name: 'Low' })
        .expect(200);
    }
    await until(`${POOL} stalled attempts`, () => arrivals.filter((a) => a.path === '/slow').length >= POOL);

    // Everything connected to the app's database but this observer: none may sit in a transaction while the receiver stalls.
    const inTransaction = await observer.query(
      `SELECT application_name, state, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
    );
    expect(inTransaction.rows).toEqual([]);
    const started = Date.now();
    await admin.get('/admin/webhooks').expect(200);
    await t.http().get('/store/regions').expect(200);
    const apiMs = Date.now() - started;
    expect(apiMs).toBeLessThan(2000);
    console.log(`API answered in ${apiMs} ms while ${POOL} webhook attempts stalled (pool of ${POOL})`);

    for (const a of arrivals) a.res.end('ok');
    const deliveries = await until('the deliveries recorded', async () => {
      const { body } = await admin.get(`/admin/webhooks/${webhook.id}/deliveries`).expect(200);
      return body.deliveries.length === POOL && body.deliveries.every((d: { status: string }) => d.status === 'succeeded') ? body.deliveries : undefined;
    });
    expect(deliveries.map((d: { attempts: number }) => d.attempts)).toEqual(new Array(POOL).fill(1));
    expect(arrivals.every((a) => verify(webhook.secret, a.headers, a.body))).toBe(true);
  });
});

describe("A delivery's body carries the event's time, the same on every attempt", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let receiver: { server: Server; base: string };
  const arrivals: Arrival[] = [];

  beforeAll(async () => {
    receiver = await startReceiver(arrivals);
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '1' });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    for (const a of arrivals) if (!a.res.writableEnded) a.res.destroy();
    await t.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it("a retried delivery: the same body timestamp, the event's created_at, while webhook-timestamp is each attempt's", async () => {
    const webhook = (
      await admin
        .post('/admin/webhooks')
        .send({ url: `${receiver.base}/retried`, events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
    const customer = (
      await t.http().post('/store/customers').send({ email: 'timestamp@test.com', password: 'supersecret', first_name: 'T', last_name: 'S' }).expect(200)
    ).body.customer;
    const first = await until('the first attempt', () => arrivals.find((a) => a.path === '/retried'));
    // Refused a second later: the retry comes at least a second after the first attempt.
    await new Promise((r) => setTimeout(r, 1100));
    first.res.statusCode = 503;
    first.res.end();
    const second = await until('the retry', () => arrivals.filter((a) => a.path === '/retried')[1]);
    second.res.end('ok');

    const [event] = await t.dataSource.query(`SELECT created_at FROM outbox_event WHERE name = 'customer.created' AND data->>'id' = $1`, [customer.id]);
    const bodies = [first, second].map((a) => JSON.parse(a.body) as { timestamp: string });
    expect(bodies.map((b) => b.timestamp)).toEqual([new Date(event.created_at).toISOString(), new Date(event.created_at).toISOString()]);
    expect(Number(second.headers['webhook-timestamp'])).toBeGreaterThan(Number(first.headers['webhook-timestamp']));
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect([first, second].every((a) => verify(webhook.secret, a.headers, a.body))).toBe(true);
  });
});

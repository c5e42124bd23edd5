import { createHmac, randomBytes } from 'crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { Client } from 'pg';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { ServerProcess, startServerProcess } from '../../helpers/server-process';

jest.setTimeout(120_000);

interface Arrival {
  webhookId: string;
  type: string;
  data: { id: string; email: string };
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

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The real server (src/main.ts) SIGKILLed after a change has committed and before its event
 * reached the webhook endpoint: after a restart on the same database the event is delivered,
 * signed, and processed once by a receiver that deduplicates on `webhook-id`, as Standard
 * Webhooks receivers do.
 */
describe('SIGKILL between the commit of a change and the delivery of its event', () => {
  let dbName: string;
  let url: string;
  let db: Client;
  let receiver: Server;
  let secret = '';
  const servers: ServerProcess[] = [];
  const arrivals: Arrival[] = [];
  /** What the receiver acted upon: one entry per webhook-id, however often it came. */
  const processed = new Map<string, Arrival>();
  /** While set, the next request is held unanswered (its sender is killed meanwhile). */
  let holdNext = false;
  const held: ServerResponse[] = [];
  const apiToken = `tok_${randomBytes(16).toString('hex')}`;

  const env = {
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    EVENTS_POLL_INTERVAL_MS: '100',
    QUEUE_POLL_INTERVAL_MS: '500',
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    QUEUE_EXPIRE_SECONDS: '2',
    WEBHOOK_RETRY_DELAY_SECONDS: '0',
    DB_POOL_SIZE: '4',
  };
  const boot = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess(url, { ...env, ...extra });
    servers.push(server);
    return server;
  };
  const kill = async (server: ServerProcess) => {
    process.kill(server.pid, 'SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
  };
  const register = async (server: ServerProcess, email: string) =>
    (await server.http().post('/store/customers').send({ email, password: 'supersecret', first_name: 'K', last_name: 'Nine' }).expect(200)).body.customer
      .id as string;
  const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body);
        const arrival = { webhookId: String(req.headers['webhook-id']), type: parsed.type, data: parsed.data, signed: verify(secret, req.headers, body) };
        arrivals.push(arrival);
        if (holdNext) {
          holdNext = false;
          held.push(res);
          return;
        }
        if (arrival.signed && !processed.has(arrival.webhookId)) processed.set(arrival.webhookId, arrival);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
    db = new Client({ connectionString: url, application_name: 'kill-events-observer' });
    await db.connect();
    await db.query(`INSERT INTO "user" (id, email, role, api_token) VALUES ('usr_kill_events', 'kill-events@test.com', 'admin', $1)`, [apiToken]);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    for (const res of held) res.destroy();
    await new Promise((resolve) => receiver.close(resolve));
    await db?.end().catch(() => undefined);
    await dropTestDatabase(dbName);
  });

  it('an event committed by an instance killed before relaying it is delivered once, signed, after a restart', async () => {
    // An instance that serves requests but works no queue: nothing is delivered while it lives.
    const first = await boot({ QUEUE_WORKERS: 'false' });
    const port = (receiver.address() as AddressInfo).port;
    const endpoint = (
      await first
        .http()
        .post('/admin/webhooks')
        .set({ authorization: `Bearer ${apiToken}` })
        .send({ url: `http://127.0.0.1:${port}/hook`, events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
    secret = endpoint.secret;
    const customerId = await register(first, 'before-relay@kill.test');
    // Committed: the customer and its event exist; nothing was handed over or sent.
    expect(await one(`SELECT count(*)::int AS n FROM customer WHERE id = $1`, [customerId])).toEqual({ n: 1 });
    expect(await one(`SELECT dispatched_at FROM outbox_event WHERE name = 'customer.created' AND data->>'id' = $1`, [customerId])).toEqual({
      dispatched_at: null,
    });
    await kill(first);
    expect(arrivals).toHaveLength(0);

    await boot();
    await until('the delivery after the restart', () => arrivals.length >= 1);
    // Time enough for a duplicate to show up if there were one (the relay polls every 100 ms).
    await new Promise((r) => setTimeout(r, 2000));
    expect(arrivals).toEqual([
      { webhookId: expect.stringMatching(/^msg_/), type: 'customer.created', data: expect.objectContaining({ id: customerId }), signed: true },
    ]);
    expect(await one(`SELECT status, attempts FROM webhook_delivery WHERE event_name = 'customer.created' AND aggregate_id = $1`, [customerId])).toEqual({
      status: 'succeeded',
      attempts: 1,
    });
  });

  it('an instance killed while its delivery is in flight: the restart sends it again with the same webhook-id, processed once', async () => {
    const running = servers.find((s) => s.child.exitCode === null && s.child.signalCode === null)!;
    const before = arrivals.length;
    holdNext = true;
    const customerId = await register(running, 'in-flight@kill.test');
    await until('the held request', () => held.length === 1);
    await kill(running);

    await boot();
    await until('the redelivery', () => arrivals.length >= before + 2);
    await new Promise((r) => setTimeout(r, 2000));
    const about = arrivals.slice(before);
    expect(about).toHaveLength(2);
    expect(about.every((a) => a.signed && a.data.id === customerId)).toBe(true);
    expect(about[1].webhookId).toBe(about[0].webhookId);
    expect([...processed.values()].filter((a) => a.data.id === customerId)).toHaveLength(1);
    await until('the delivery to be recorded as succeeded', async () => {
      const row = await one(`SELECT status FROM webhook_delivery WHERE aggregate_id = $1`, [customerId]);
      return row?.status === 'succeeded';
    });
  });
});

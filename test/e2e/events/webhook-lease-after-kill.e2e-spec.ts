import { createHmac, randomBytes } from 'crypto';
import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'http';
import { AddressInfo } from 'net';
import { Client } from 'pg';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { ServerProcess, startServerProcess } from '../../helpers/server-process';

jest.setTimeout(120_000);

/** Standard Webhooks verification, written from the specification (not the app's code). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An attempt whose worker is SIGKILLed while the receiver has not answered: another instance
 * already running takes the delivery over once the attempt's lease (WEBHOOK_TIMEOUT_MS +
 * WEBHOOK_LEASE_MARGIN_MS) has run out, long before the queue job's own expiry
 * (QUEUE_EXPIRE_SECONDS, 300 s here as by default), and the cut attempt is counted.
 */
describe('SIGKILL during a webhook attempt: retried by another instance after the lease', () => {
  // Long enough for the second instance to boot on a loaded machine while the first attempt is still in flight.
  const TIMEOUT_MS = 20_000;
  const MARGIN_MS = 1000;
  const LEASE_MS = TIMEOUT_MS + MARGIN_MS;
  let dbName: string;
  let url: string;
  let db: Client;
  let receiver: Server;
  let secret = '';
  const servers: ServerProcess[] = [];
  const arrivals: Array<{ at: number; webhookId: string; data: { id: string }; signed: boolean; res: ServerResponse }> = [];
  const processed = new Set<string>();
  let holdFirst = true;
  const apiToken = `tok_${randomBytes(16).toString('hex')}`;

  const env = {
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    EVENTS_POLL_INTERVAL_MS: '100',
    QUEUE_POLL_INTERVAL_MS: '500',
    QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
    QUEUE_EXPIRE_SECONDS: '300',
    WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    WEBHOOK_LEASE_MARGIN_MS: String(MARGIN_MS),
    WEBHOOK_LEASE_CHECK_INTERVAL_MS: '250',
    WEBHOOK_RETRY_DELAY_SECONDS: '0',
    DB_POOL_SIZE: '4',
  };
  const one = async (sql: string, params: unknown[]) => (await db.query(sql, params)).rows[0];

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body);
        const arrival = { at: Date.now(), webhookId: String(req.headers['webhook-id']), data: parsed.data, signed: verify(secret, req.headers, body), res };
        arrivals.push(arrival);
        if (holdFirst) {
          holdFirst = false;
          return;
        }
        if (arrival.signed) processed.add(arrival.webhookId);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
    db = new Client({ connectionString: url, application_name: 'webhook-lease-observer' });
    await db.connect();
    await db.query(`INSERT INTO "user" (id, email, role, api_token) VALUES ('usr_lease', 'lease@test.com', 'admin', $1)`, [apiToken]);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    for (const a of arrivals) if (!a.res.writableEnded) a.res.destroy();
    await new Promise((resolve) => receiver.close(resolve));
    await db?.end().catch(() => undefined);
    await dropTestDatabase(dbName);
  });

  it('the cut attempt is counted, the delivery is sent again with the same webhook-id within about the lease, and acted on once', async () => {
    // Only the first instance works jobs until the attempt is in flight: it is the one sending it.
    const first = await startServerProcess(url, env);
    servers.push(first);
    const port = (receiver.address() as AddressInfo).port;
    secret = (
      await first
        .http()
        .post('/admin/webhooks')
        .set({ authorization: `Bearer ${apiToken}` })
        .send({ url: `http://127.0.0.1:${port}/hook`, events: ['customer.created'] })
        .expect(200)
    ).body.webhook.secret;
    const customerId = (
      await first.http().post('/store/customers').send({ email: 'leased@kill.test', password: 'supersecret', first_name: 'L', last_name: 'Ease' }).expect(200)
    ).body.customer.id as string;
    await until('the attempt in flight', () => arrivals.length === 1);
    const claimedAt = arrivals[0].at;

    const second = await startServerProcess(url, env);
    servers.push(second);
    // Still in flight (the receiver has not answered, the attempt's time limit has not passed): counted and leased.
    const { leased_until: leasedUntil, ...inFlight } = await one(
      `SELECT status, attempts, leased_until > now() AS leased, leased_until FROM webhook_delivery WHERE aggregate_id = $1`,
      [customerId],
    );
    expect(inFlight).toEqual({ status: 'pending', attempts: 1, leased: true });
    expect(Date.now() - claimedAt).toBeLessThan(TIMEOUT_MS);
    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    await until('the retry by the other instance', () => arrivals.length >= 2);
    const retriedAfterMs = arrivals[1].at - claimedAt;
    const afterLeaseMs = arrivals[1].at - new Date(leasedUntil).getTime();
    console.log(`cut attempt retried ${retriedAfterMs} ms after it reached the receiver, ${afterLeaseMs} ms after its lease ended (lease ${LEASE_MS} ms)`);
    // Not before its lease ran out (the first attempt could still have been answered), and soon after (the queue job would wait 300 s).
    expect(afterLeaseMs).toBeGreaterThanOrEqual(0);
    expect(afterLeaseMs).toBeLessThan(4000);
    expect(retriedAfterMs).toBeLessThan(LEASE_MS + 4000);
    expect(arrivals[1].webhookId).toBe(arrivals[0].webhookId);
    expect(arrivals.every((a) => a.signed && a.data.id === customerId)).toBe(true);

    await until(
      'the delivery recorded',
      async () => (await one(`SELECT status FROM webhook_delivery WHERE aggregate_id = $1`, [customerId])).status === 'succeeded',
    );
    expect(await one(`SELECT status, attempts, response_status, last_error FROM webhook_delivery WHERE aggregate_id = $1`, [customerId])).toEqual({
      status: 'succeeded',
      attempts: 2,
      response_status: 200,
      last_error: null,
    });
    // Time for a duplicate to show up, if the job the killed worker left behind were to send it again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(arrivals).toHaveLength(2);
    expect([...processed]).toEqual([arrivals[0].webhookId]);
  });
});

import { randomBytes } from 'crypto';
import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { Client } from 'pg';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { createCartViaApi } from '../../factories/cart.factory';
import { createRegion } from '../../factories/region.factory';
import { EventBus } from '../../../src/modules/events/event-bus.service';

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Event storage: what any client makes the server keep is bounded, and settled deliveries are swept', () => {
  let t: TestApp;
  let receiver: Server;
  let base: string;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = req.url === '/down' ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // A refused delivery stays `retrying` for the whole test.
      WEBHOOK_RETRY_DELAY_SECONDS: '3600',
      WEBHOOK_DELIVERY_RETENTION_HOURS: '24',
    });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const register = async (path: string, events: string[]) =>
    (
      await admin
        .post('/admin/webhooks')
        .send({ url: `${base}${path}`, events })
        .expect(200)
    ).body.webhook as { id: string };
  const rows = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params) as Promise<Array<Record<string, any>>>;

  it('100 updates of one cart with a 13 KB context keep a bounded number of bytes in the outbox and the deliveries', async () => {
    const endpoints = [await register('/carts', ['cart.updated']), await register('/carts-too', ['cart.updated'])];
    const region = await createRegion(t.dataSource.manager);
    // Random text: PostgreSQL cannot compress it away.
    const blob = randomBytes(6500).toString('hex');
    const cart = await createCartViaApi(t, { region_id: region.id, context: { blob } });
    for (let n = 1; n <= 100; n++) {
      await t.http().post(`/store/carts/${cart.id}`).send({ context: { n } }).expect(200);
    }
    await eventually(
      () => rows(`SELECT count(*)::int AS n FROM outbox_event WHERE data->>'id' = $1 AND name = 'cart.updated' AND dispatched_at IS NOT NULL`, [cart.id]),
      ([{ n }]) => n === 100,
    );
    const [{ events }] = await rows(`SELECT coalesce(sum(pg_column_size(e.*)), 0)::int AS events FROM outbox_event e WHERE data->>'id' = $1`, [cart.id]);
    const [{ deliveries }] = await rows(`SELECT coalesce(sum(pg_column_size(d.*)), 0)::int AS deliveries FROM webhook_delivery d WHERE aggregate_id = $1`, [
      cart.id,
    ]);
    console.log(`101 events of one cart with a 13 KB context: ${events} bytes of events, ${deliveries} bytes of deliveries to 2 endpoints`);
    // The cart itself holds the 13 KB once; its events hold the row's small columns only (about 1 KB each).
    expect(events).toBeLessThan(101 * 2048);
    expect(deliveries).toBeLessThan(2 * 101 * 512);
    // The payload still names the cart and its small columns; the oversized context is left out.
    const [last] = await rows(`SELECT data FROM outbox_event WHERE data->>'id' = $1 AND name = 'cart.updated' ORDER BY seq DESC LIMIT 1`, [cart.id]);
    expect(last.data).toMatchObject({ id: cart.id, region_id: region.id });
    expect(last.data).not.toHaveProperty('context');
    for (const { id } of endpoints) await admin.post(`/admin/webhooks/${id}`).send({ is_disabled: true }).expect(200);
  });

  it('the retention sweep deletes settled deliveries older than WEBHOOK_DELIVERY_RETENTION_HOURS, never pending or retrying ones, and keeps events they reference', async () => {
    const ok = await register('/ok', ['customer.created']);
    const down = await register('/down', ['cart.created', 'cart.updated']);
    const customers: string[] = [];
    for (const email of ['old-hook@test.com', 'new-hook@test.com']) {
      customers.push(
        (await t.http().post('/store/customers').send({ email, password: 'supersecret', first_name: 'R', last_name: 'T' }).expect(200)).body.customer.id,
      );
    }
    const region = await createRegion(t.dataSource.manager);
    const cart = await createCartViaApi(t, { region_id: region.id });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ context: { n: 1 } })
      .expect(200);
    const statusOf = async (aggregate: string) =>
      (await rows(`SELECT event_name, status FROM webhook_delivery WHERE aggregate_id = $1 ORDER BY event_seq`, [aggregate])).map(
        (r) => `${r.event_name} ${r.status}`,
      );
    await eventually(
      async () => [...(await statusOf(customers[0])), ...(await statusOf(customers[1])), ...(await statusOf(cart.id))],
      (s) => s.join() === 'customer.created succeeded,customer.created succeeded,cart.created retrying,cart.updated pending',
    );
    // Everything but the newer customer's delivery settled or changed 25 hours ago; every event was handed over 8 days ago.
    await rows(`UPDATE webhook_delivery SET updated_at = now() - interval '25 hours' WHERE aggregate_id <> $1`, [customers[1]]);
    await rows(`UPDATE outbox_event SET dispatched_at = now() - interval '8 days'`);
    const bus = t.app.get(EventBus);

    // Another instance sweeping (its lock held): this one skips, nothing is deleted.
    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT pg_advisory_xact_lock(hashtext('outbox-event-retention'))`);
      expect(await bus.sweepRetention()).toBe(false);
      expect(await statusOf(customers[0])).toEqual(['customer.created succeeded']);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }

    expect(await bus.sweepRetention()).toBe(true);
    expect(await statusOf(customers[0])).toEqual([]);
    expect(await statusOf(customers[1])).toEqual(['customer.created succeeded']);
    expect(await statusOf(cart.id)).toEqual(['cart.created retrying', 'cart.updated pending']);
    const eventsOf = async (id: string) =>
      (await rows(`SELECT name FROM outbox_event WHERE data->>'id' = $1 OR data #>> '{}' = $1 ORDER BY seq`, [id])).map((r) => r.name);
    // The swept delivery's event went with the outbox retention; events still referenced stay, payloads intact.
    expect(await eventsOf(customers[0])).toEqual([]);
    expect(await eventsOf(customers[1])).toEqual(['customer.created']);
    expect(await eventsOf(cart.id)).toEqual(['cart.created', 'cart.updated']);
    const listed = (await admin.get(`/admin/webhooks/${ok.id}/deliveries`).expect(200)).body;
    expect(listed.deliveries.map((d: { payload: { id: string } }) => d.payload.id)).toEqual([customers[1]]);
    expect((await admin.get(`/admin/webhooks/${down.id}/deliveries`).expect(200)).body.count).toBe(2);
  });
});

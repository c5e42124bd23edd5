import { createHmac } from 'crypto';
import { createServer, IncomingHttpHeaders, Server } from 'http';
import { AddressInfo } from 'net';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { createRegion } from '../../factories/region.factory';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Standard Webhooks verification, written from the specification (not the app's code). */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

describe('Webhooks: signed deliveries of events to registered endpoints', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let receiver: Server;
  let base: string;
  const received: Received[] = [];
  /** Answers per path: a queue of statuses, then 200. */
  const answers = new Map<string, number[]>();

  const arrivals = async (path: string, count: number, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const got = received.filter((r) => r.path === path);
      if (got.length >= count) return got;
      if (Date.now() > until) throw new Error(`${count} deliveries to ${path} expected, got ${got.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const deliveriesOf = async (id: string) => (await admin.get(`/admin/webhooks/${id}/deliveries`).expect(200)).body;
  const waitForDelivery = async (id: string, done: (d: Record<string, any>) => boolean, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { deliveries } = await deliveriesOf(id);
      if (deliveries.length && done(deliveries[0])) return deliveries[0];
      if (Date.now() > until) throw new Error(`delivery not settled: ${JSON.stringify(deliveries)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const register = async (path: string, events: string[]) =>
    (
      await admin
        .post('/admin/webhooks')
        .send({ url: `${base}${path}`, events })
        .expect(200)
    ).body.webhook;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url!, headers: req.headers, body });
        res.statusCode = answers.get(req.url!)?.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_LIMIT: '2',
      WEBHOOK_RETRY_DELAY_SECONDS: '0',
    });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('registers an endpoint, showing its secret once', async () => {
    const webhook = await register('/registered', ['customer.created']);
    expect(webhook).toMatchObject({ id: expect.stringMatching(/^whe_/), url: `${base}/registered`, events: ['customer.created'], is_disabled: false });
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const listed = (await admin.get('/admin/webhooks').expect(200)).body;
    expect(listed.webhooks.find((w: { id: string }) => w.id === webhook.id)).not.toHaveProperty('secret');
    expect((await admin.get(`/admin/webhooks/${webhook.id}`).expect(200)).body.webhook).not.toHaveProperty('secret');
    await t
      .http()
      .post('/admin/webhooks')
      .send({ url: `${base}/x`, events: ['customer.created'] })
      .expect(401);
  });

  it('refuses unknown events, the password-reset events (their tokens), and bad or private URLs', async () => {
    const bad = async (body: Record<string, unknown>) => (await admin.post('/admin/webhooks').send(body).expect(400)).body;
    expect((await bad({ url: `${base}/x`, events: ['customer.password_reset'] })).message).toContain('Unknown events: customer.password_reset');
    await bad({ url: `${base}/x`, events: ['nothing.happened'] });
    await bad({ url: `${base}/x`, events: [] });
    await bad({ url: 'ftp://example.com/hook', events: ['order.placed'] });
    // This suite's receiver is on loopback (WEBHOOKS_ALLOW_PRIVATE=true); an instance with the
    // default refuses it. It works no jobs, so it never takes this suite's deliveries.
    const strict = await startTestApp(t.databaseUrl, { QUEUE_WORKERS: 'false' });
    try {
      const strictAdmin = await adminAgent(strict);
      for (const url of [`${base}/x`, 'http://localhost:9/x', 'http://10.1.2.3/x', 'http://169.254.169.254/latest', 'http://[::1]:9/x']) {
        const res = await strictAdmin
          .post('/admin/webhooks')
          .send({ url, events: ['order.placed'] })
          .expect(400);
        expect(res.body.message).toBe('url must not point to a private or loopback address');
      }
    } finally {
      await strict.close();
    }
  });

  it('delivers an event signed as Standard Webhooks, and records the delivery', async () => {
    const webhook = await register('/signed', ['customer.created', 'order.placed']);
    const customer = (
      await t.http().post('/store/customers').send({ email: 'hook@test.com', password: 'supersecret', first_name: 'H', last_name: 'K' }).expect(200)
    ).body.customer;
    const [got] = await arrivals('/signed', 1);
    expect(verify(webhook.secret, got.headers, got.body)).toBe(true);
    expect(verify('whsec_' + Buffer.alloc(24).toString('base64'), got.headers, got.body)).toBe(false);
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(got.headers['content-type']).toBe('application/json');
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({ type: 'customer.created', timestamp: expect.any(String), data: { id: customer.id, email: 'hook@test.com' } });
    const delivery = await waitForDelivery(webhook.id, (d) => d.status === 'succeeded');
    expect(delivery).toMatchObject({ id: got.headers['webhook-id'], event_name: 'customer.created', attempts: 1, response_status: 200, last_error: null });
    // The endpoint registered for another path got nothing of it beyond its own events.
    expect(received.filter((r) => r.path === '/registered')).toHaveLength(1);
  });

  it('retries a failed delivery with the same webhook-id; after the last retry it is failed, and can be redelivered', async () => {
    answers.set('/flaky', [500]);
    const flaky = await register('/flaky', ['discount.created']);
    answers.set('/down', [503, 503, 503]);
    const down = await register('/down', ['discount.created']);
    await admin
      .post('/admin/discounts')
      .send({
        code: 'HOOK10',
        regions: [await createRegionId()],
        rule: { type: 'percentage', value: 10, allocation: 'total' },
      })
      .expect(200);

    const [first, second] = await arrivals('/flaky', 2);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verify(flaky.secret, second.headers, second.body)).toBe(true);
    expect(await waitForDelivery(flaky.id, (d) => d.status === 'succeeded')).toMatchObject({ attempts: 2, response_status: 200 });

    const dead = await waitForDelivery(down.id, (d) => d.status === 'failed');
    expect(dead).toMatchObject({ attempts: 3, response_status: 503, last_error: 'The endpoint answered 503' });
    expect(received.filter((r) => r.path === '/down')).toHaveLength(3);
    const again = await admin.post(`/admin/webhooks/${down.id}/deliveries/${dead.id}/redeliver`).expect(200);
    expect(again.body.delivery).toMatchObject({ id: dead.id, status: 'pending' });
    const [, , , redelivered] = await arrivals('/down', 4);
    expect(redelivered.headers['webhook-id']).toBe(dead.id);
    expect(await waitForDelivery(down.id, (d) => d.status === 'succeeded')).toMatchObject({ attempts: 4, response_status: 200 });
  });

  it('a disabled endpoint gets nothing', async () => {
    const webhook = await register('/disabled', ['gift_card.created']);
    expect((await admin.post(`/admin/webhooks/${webhook.id}`).send({ is_disabled: true }).expect(200)).body.webhook.is_disabled).toBe(true);
    const live = await register('/live', ['gift_card.created']);
    const regionId = await createRegionId();
    await admin.post('/admin/gift-cards').send({ region_id: regionId, value: 500 }).expect(200);
    await arrivals('/live', 1);
    await waitForDelivery(live.id, (d) => d.status === 'succeeded');
    expect(received.filter((r) => r.path === '/disabled')).toHaveLength(0);
    expect((await deliveriesOf(webhook.id)).count).toBe(0);
  });

  it('queues no webhook work for an event that no enabled endpoint listens to', async () => {
    // Webhook jobs only: gift_card.created also has a subscriber of its own (the bought cards' mail).
    const webhookJobs = async () => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook-delivery'`))[0].n);
    const relayed = async (eventId: string) => {
      for (let i = 0; i < 300; i++) {
        const [row] = await t.dataSource.query(`SELECT dispatched_at FROM outbox_event WHERE id = $1`, [eventId]);
        if (row?.dispatched_at) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`event ${eventId} was not relayed`);
    };
    const lastEvent = async (name: string) => (await t.dataSource.query(`SELECT id FROM outbox_event WHERE name = $1 ORDER BY seq DESC LIMIT 1`, [name]))[0].id;
    await t.dataSource.query(`UPDATE webhook_endpoint SET disabled_at = now() WHERE 'gift_card.created' = ANY(events)`);
    const regionId = await createRegionId();
    const before = await webhookJobs();
    await admin.post('/admin/gift-cards').send({ region_id: regionId, value: 500 }).expect(200);
    await relayed(await lastEvent('gift_card.created'));
    expect(await webhookJobs()).toBe(before);
    // Control: with an endpoint listening, the same event is queued for the webhooks.
    await register('/wanted', ['gift_card.created']);
    await admin.post('/admin/gift-cards').send({ region_id: regionId, value: 500 }).expect(200);
    await relayed(await lastEvent('gift_card.created'));
    expect(await webhookJobs()).toBe(before + 1);
    await arrivals('/wanted', 1);
  });

  async function createRegionId(): Promise<string> {
    return (await createRegion(t.dataSource.manager, { countries: [] })).id;
  }
  it("cart events: cart.customer_updated carries the bare cart id, and holds back the same cart's cart.updated until it is delivered", async () => {
    const region = await createRegion(t.dataSource.manager);
    const webhook = await register('/carts', ['cart.created', 'cart.customer_updated', 'cart.updated']);
    const cart = (await t.http().post('/store/carts').send({ region_id: region.id }).expect(200)).body.cart;
    await arrivals('/carts', 1);
    // The customer_updated delivery is refused twice: the cart.updated after it waits (same cart).
    answers.set('/carts', [500, 500]);
    await t.http().post(`/store/carts/${cart.id}`).send({ email: 'hook-cart@test.com' }).expect(200);
    const got = await arrivals('/carts', 5, 20_000);
    const bodies = got.map((r) => JSON.parse(r.body) as { type: string; data: unknown });
    expect(bodies.map((b) => b.type)).toEqual(['cart.created', 'cart.customer_updated', 'cart.customer_updated', 'cart.customer_updated', 'cart.updated']);
    expect(bodies[0].data).toEqual({ id: cart.id });
    expect(bodies[1].data).toBe(cart.id);
    expect(bodies[4].data).toMatchObject({ id: cart.id, email: 'hook-cart@test.com' });
    expect(got.every((r) => verify(webhook.secret, r.headers, r.body))).toBe(true);
  });
});

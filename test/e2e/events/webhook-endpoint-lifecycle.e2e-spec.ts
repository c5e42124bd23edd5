import { createHmac } from 'crypto';
import { createServer, IncomingHttpHeaders, Server } from 'http';
import { AddressInfo } from 'net';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';

jest.setTimeout(60_000);

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Standard Webhooks verification, written from the specification (not the app's code): any of the space-separated signatures may match. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig === `v1,${expected}`);
}

const GRACE_SECONDS = 3;

describe('Webhook endpoints: deletion and secret rotation', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let receiver: Server;
  let base: string;
  const received: Received[] = [];
  const answers = new Map<string, number>();
  let customers = 0;

  const arrivals = async (path: string, count: number, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const got = received.filter((r) => r.path === path);
      if (got.length >= count) return got;
      if (Date.now() > until) throw new Error(`${count} deliveries to ${path} expected, got ${got.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const register = async (path: string) =>
    (
      await admin
        .post('/admin/webhooks')
        .send({ url: `${base}${path}`, events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
  const newCustomer = () =>
    t
      .http()
      .post('/store/customers')
      .send({ email: `lifecycle-${++customers}@test.com`, password: 'supersecret', first_name: 'L', last_name: 'C' })
      .expect(200);

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ path: req.url!, headers: req.headers, body });
        res.statusCode = answers.get(req.url!) ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_DELAY_SECONDS: '3',
      WEBHOOK_SECRET_GRACE_SECONDS: String(GRACE_SECONDS),
      WEBHOOK_LEASE_CHECK_INTERVAL_MS: '200',
    });
    admin = await adminAgent(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("DELETE /admin/webhooks/:id answers Medusa's delete shape; its pending deliveries are not sent; a second DELETE is a 404", async () => {
    answers.set('/deleted', 500);
    const webhook = await register('/deleted');
    await newCustomer();
    // The first attempt is refused: the delivery waits for its retry (3 s later).
    await arrivals('/deleted', 1);
    const deliveries = async () =>
      Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_delivery WHERE endpoint_id = $1`, [webhook.id]))[0].n);
    expect(await deliveries()).toBe(1);

    expect((await admin.delete(`/admin/webhooks/${webhook.id}`).expect(200)).body).toEqual({ id: webhook.id, object: 'webhook', deleted: true });
    await admin.get(`/admin/webhooks/${webhook.id}`).expect(404);
    expect((await admin.get('/admin/webhooks').expect(200)).body.webhooks.map((w: { id: string }) => w.id)).not.toContain(webhook.id);
    expect(await deliveries()).toBe(0);
    // Past the retry's time: nothing more was sent to the deleted endpoint, even for a new event.
    await newCustomer();
    await new Promise((r) => setTimeout(r, 4500));
    expect(received.filter((r) => r.path === '/deleted')).toHaveLength(1);

    const again = await admin.delete(`/admin/webhooks/${webhook.id}`).expect(404);
    expect(again.body).toEqual({ type: 'not_found', message: `Webhook with id: ${webhook.id} was not found` });
    await t.http().delete(`/admin/webhooks/${webhook.id}`).expect(401);
  });

  it('rotating the secret answers the new one once; deliveries carry both signatures during the grace, then only the new one', async () => {
    const webhook = await register('/rotated');
    const old = webhook.secret as string;
    const rotated = (await admin.post(`/admin/webhooks/${webhook.id}/rotate-secret`).expect(200)).body.webhook;
    expect(rotated).toMatchObject({ id: webhook.id, url: webhook.url, is_disabled: false });
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    expect(rotated.secret).not.toBe(old);
    const fresh = rotated.secret as string;
    // Never answered again.
    expect((await admin.get(`/admin/webhooks/${webhook.id}`).expect(200)).body.webhook).not.toHaveProperty('secret');
    expect(JSON.stringify((await admin.get('/admin/webhooks').expect(200)).body)).not.toContain(fresh.slice(6));
    expect(JSON.stringify((await admin.post(`/admin/webhooks/${webhook.id}`).send({ description: 'x' }).expect(200)).body)).not.toContain(fresh.slice(6));

    await newCustomer();
    const [during] = await arrivals('/rotated', 1);
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh, during.headers, during.body)).toBe(true);
    expect(verify(old, during.headers, during.body)).toBe(true);
    expect(JSON.stringify((await admin.get(`/admin/webhooks/${webhook.id}/deliveries`).expect(200)).body)).not.toContain(fresh.slice(6));

    // After the grace the old secret is dropped: gone from the row, and no longer signing.
    await new Promise((r) => setTimeout(r, GRACE_SECONDS * 1000 + 500));
    const [row] = await t.dataSource.query(`SELECT previous_secret, previous_secret_expires_at FROM webhook_endpoint WHERE id = $1`, [webhook.id]);
    expect(row).toEqual({ previous_secret: null, previous_secret_expires_at: null });
    await newCustomer();
    const [, after] = await arrivals('/rotated', 2);
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(fresh, after.headers, after.body)).toBe(true);
    expect(verify(old, after.headers, after.body)).toBe(false);
  });

  it('rotating an unknown endpoint is a 404, and needs an admin', async () => {
    expect((await admin.post('/admin/webhooks/whe_missing/rotate-secret').expect(404)).body).toEqual({
      type: 'not_found',
      message: 'Webhook with id: whe_missing was not found',
    });
    const webhook = await register('/anonymous');
    await t.http().post(`/admin/webhooks/${webhook.id}/rotate-secret`).expect(401);
  });

  it('declares both routes in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    expect(Object.keys(doc.paths['/admin/webhooks/{id}'])).toEqual(expect.arrayContaining(['get', 'post', 'delete']));
    expect(doc.paths['/admin/webhooks/{id}'].delete.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AdminWebhooksDeleteRes',
    });
    expect(doc.paths['/admin/webhooks/{id}/rotate-secret'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/AdminWebhookCreatedRes',
    });
  });
});

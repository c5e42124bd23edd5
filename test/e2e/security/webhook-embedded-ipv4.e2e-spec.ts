import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';

jest.setTimeout(60_000);

/**
 * IPv6 forms that carry an IPv4 address (NAT64, 6to4, IPv4-compatible, IPv4-mapped, Teredo)
 * reach that IPv4 address on a network that translates them: the webhook guard judges them
 * by the address they carry, at registration and again when a delivery connects. (Names
 * resolving to these forms: `guardedLookup` in webhook-target.spec.ts.)
 */
describe('Webhook address guard: IPv6 addresses that embed a private IPv4 address', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', WEBHOOK_RETRY_LIMIT: '0' });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const refused = [
    'http://[64:ff9b::a00:1]/hook', // NAT64 of 10.0.0.1
    'http://[64:ff9b::10.0.0.1]/hook',
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data', // NAT64 of 169.254.169.254
    'http://[64:ff9b:1::a00:1]/hook', // local-use NAT64
    'http://[2002:a00:1::1]/hook', // 6to4 of 10.0.0.1
    'http://[2002:7f00:1::]/hook', // 6to4 of 127.0.0.1
    'http://[::a00:1]/hook', // IPv4-compatible 10.0.0.1
    'http://[::ffff:10.0.0.1]/hook', // IPv4-mapped (URL writes it ::ffff:a00:1)
    'http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/hook', // Teredo whose client is 10.0.0.1
  ];

  it.each(refused)('refuses to register %s, and stores nothing', async (url) => {
    const before = Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_endpoint`))[0].n);
    const res = await admin
      .post('/admin/webhooks')
      .send({ url, events: ['customer.created'] })
      .expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: 'url must not point to a private or loopback address' });
    expect(Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_endpoint`))[0].n)).toBe(before);
  });

  it('refuses them on update too', async () => {
    const webhook = (
      await admin
        .post('/admin/webhooks')
        .send({ url: 'http://[64:ff9b::808:808]/hook', events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
    await admin.post(`/admin/webhooks/${webhook.id}`).send({ url: 'http://[2002:c0a8:101::1]/hook' }).expect(400);
    expect((await admin.get(`/admin/webhooks/${webhook.id}`).expect(200)).body.webhook.url).toBe('http://[64:ff9b::808:808]/hook');
    await admin.post(`/admin/webhooks/${webhook.id}`).send({ is_disabled: true }).expect(200);
  });

  it('an endpoint stored with such an address (registered before this check) is refused at delivery, without connecting', async () => {
    const webhook = (
      await admin
        .post('/admin/webhooks')
        .send({ url: 'http://[2606:4700::1111]/hook', events: ['customer.created'] })
        .expect(200)
    ).body.webhook;
    // As if registered by an earlier version: the address is written straight into the row.
    await t.dataSource.query(`UPDATE webhook_endpoint SET url = 'http://[64:ff9b::7f00:1]:9/hook' WHERE id = $1`, [webhook.id]);
    await t.http().post('/store/customers').send({ email: 'nat64@guard.test', password: 'supersecret', first_name: 'N', last_name: 'Six' }).expect(200);
    const until = Date.now() + 20_000;
    for (;;) {
      const { deliveries } = (await admin.get(`/admin/webhooks/${webhook.id}/deliveries`).expect(200)).body;
      if (deliveries[0]?.status === 'failed') {
        expect(deliveries[0]).toMatchObject({ attempts: 1, response_status: null, last_error: '64:ff9b::7f00:1 is a private address' });
        return;
      }
      if (Date.now() > until) throw new Error(`the delivery did not fail: ${JSON.stringify(deliveries)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});

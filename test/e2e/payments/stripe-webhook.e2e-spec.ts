import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import type { TestApp } from '../../helpers/app';
import { StripeFake } from '../../helpers/stripe-fake/stripe-fake';
import { eventually, postWebhook, startSecondInstance, startStripeApp, STRIPE_WEBHOOK_SECRET } from '../../helpers/stripe-fake/stripe-test-app';

/**
 * POST /stripe/hooks: verified as Stripe signs (HMAC-SHA256 over "<t>.<raw body>", scheme
 * v1, 300 s), refused as Medusa refuses (400 `Webhook Error: …`), and each event id handled
 * once however often and wherever it arrives.
 */
describe('Stripe webhook (POST /stripe/hooks)', () => {
  let t: TestApp;
  let fake: StripeFake;
  let settings: Record<string, string>;
  let shop: Shop;

  beforeAll(async () => {
    ({ t, fake, settings } = await startStripeApp());
    shop = await createShop(t.dataSource.manager, {
      region: { payment_provider_ids: ['stripe'] },
      product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
  });
  afterAll(() => t.close());

  const eventRows = async () => Number((await t.dataSource.query(`SELECT count(*) FROM stripe_webhook_event`))[0].count);
  const paidCart = async () => {
    const created = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const cart = await prepareCheckout(t, created.id, { optionId: shop.shippingOption.id, provider: 'stripe' });
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    return cart;
  };
  const raw = (payload: string, headers: Record<string, string>) => {
    const req = t.http().post('/stripe/hooks');
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    return req.send(payload);
  };

  describe('refuses what Stripe did not sign, with Medusa’s answers, recording nothing', () => {
    let payload: string;
    beforeAll(async () => {
      const cart = await paidCart();
      payload = JSON.stringify(fake.event('payment_intent.succeeded', cart.payment_session.data.id));
    });
    const json = { 'content-type': 'application/json' };
    const expectRefusal = (res: { status: number; headers: Record<string, string>; text: string }, message: string | RegExp) => {
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      if (typeof message === 'string') expect(res.text).toBe(`Webhook Error: ${message}`);
      else expect(res.text).toMatch(message);
    };

    it('without a signature', async () => {
      expectRefusal(await raw(payload, json), 'No stripe-signature header value was provided.');
    });

    it('with a header that is not a signature', async () => {
      expectRefusal(await raw(payload, { ...json, 'stripe-signature': 'nonsense' }), 'Unable to extract timestamp and signatures from header');
      expectRefusal(
        await raw(payload, { ...json, 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v0=abc` }),
        'No signatures found with expected scheme',
      );
    });

    it('signed with another secret, or for other bytes', async () => {
      const wrong =
        /^Webhook Error: No signatures found matching the expected signature for payload\. Are you passing the raw request body you received from Stripe\?\s/;
      expectRefusal(await raw(payload, { ...json, 'stripe-signature': StripeFake.sign(payload, 'whsec_someone_else') }), wrong);
      // Re-serialised JSON (what a parsed-then-stringified body would be) is not what Stripe signed.
      const reformatted = JSON.stringify(JSON.parse(payload), null, 2);
      expectRefusal(await raw(reformatted, { ...json, 'stripe-signature': StripeFake.sign(payload, STRIPE_WEBHOOK_SECRET) }), wrong);
    });

    it('signed more than 300 seconds ago', async () => {
      const old = Math.floor(Date.now() / 1000) - 301;
      expectRefusal(
        await raw(payload, { ...json, 'stripe-signature': StripeFake.sign(payload, STRIPE_WEBHOOK_SECRET, old) }),
        'Timestamp outside the tolerance zone',
      );
    });

    it('sent as a form rather than JSON', async () => {
      const res = await raw('a=1', { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': StripeFake.sign('a=1', STRIPE_WEBHOOK_SECRET) });
      expectRefusal(res, /^Webhook Error: Webhook payload must be provided as a string or a Buffer/);
    });

    afterAll(async () => {
      expect(await eventRows()).toBe(0);
    });
  });

  it('answers OK to event types it does not act on, and records nothing for them', async () => {
    const cart = await paidCart();
    const res = await postWebhook(t, fake.event('payment_intent.created', cart.payment_session.data.id)).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('OK');
    expect(await t.dataSource.query(`SELECT id FROM stripe_webhook_event WHERE type = 'payment_intent.created'`)).toEqual([]);
  });

  it('logs a failed payment and changes nothing', async () => {
    const created = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const cart = await prepareCheckout(t, created.id, { optionId: shop.shippingOption.id, provider: 'stripe' });
    fake.confirm(cart.payment_session.data.id, 'declined');
    const event = fake.event('payment_intent.payment_failed', cart.payment_session.data.id);
    await postWebhook(t, event).expect(200);
    await eventually(async () => (await t.dataSource.query(`SELECT processed_at FROM stripe_webhook_event WHERE id = $1`, [event.id]))[0]?.processed_at);
    expect(await t.dataSource.query(`SELECT id FROM "order" WHERE cart_id = $1`, [cart.id])).toEqual([]);
  });

  it('handles an event once when Stripe sends it twice and two instances receive it: one order, one capture', async () => {
    const second = await startSecondInstance(t, settings);
    try {
      const cart = await paidCart();
      const intentId = cart.payment_session.data.id;
      // Captured in Stripe's dashboard while the shopper's tab was closed.
      Object.assign(fake.intent(intentId), { status: 'succeeded', amount_received: cart.total, amount_capturable: 0 });
      const event = fake.event('payment_intent.succeeded', intentId);
      const answers = await Promise.all([postWebhook(t, event), postWebhook(second, event), postWebhook(t, event), postWebhook(second, event)]);
      expect(answers.map((a) => [a.status, a.text])).toEqual(Array(4).fill([200, 'OK']));

      const order = await eventually(
        async () => (await t.dataSource.query(`SELECT id, payment_status FROM "order" WHERE cart_id = $1 AND payment_status = 'captured'`, [cart.id]))[0],
      );
      await eventually(async () => (await t.dataSource.query(`SELECT processed_at FROM stripe_webhook_event WHERE id = $1`, [event.id]))[0]?.processed_at);
      // Stripe redelivers it a day later: still nothing more.
      await postWebhook(second, event).expect(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await t.dataSource.query(`SELECT id FROM "order" WHERE cart_id = $1`, [cart.id])).toEqual([{ id: order.id }]);
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_webhook_event WHERE id = $1`, [event.id])).toEqual([{ n: 1 }]);
      // One job for the event, whichever instance and delivery recorded it.
      expect(
        await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'stripe-webhook' AND data->>'event_id' = $1`, [event.id]),
      ).toEqual([{ n: 1 }]);
      expect(fake.calls(`POST /v1/payment_intents/${intentId}/capture`)).toHaveLength(1);
      const [payment] = await t.dataSource.query(`SELECT captured_at FROM payment WHERE order_id = $1`, [order.id]);
      expect(payment.captured_at).not.toBeNull();
    } finally {
      await second.close();
    }
  });
  it('the webhook capture is the order capture: a gift card bought with Stripe is handed over by it, once', async () => {
    const giftCard = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    const created = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: giftCard.variants![0].id, quantity: 1 }] });
    const cart = await prepareCheckout(t, created.id, { optionId: shop.shippingOption.id, provider: 'stripe' });
    const intentId = cart.payment_session.data.id;
    fake.confirm(intentId, 'succeeds');
    const placed = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
    const card = async () => (await t.dataSource.query(`SELECT id, is_disabled FROM gift_card WHERE order_id = $1`, [placed.id]))[0];
    expect((await card()).is_disabled).toBe(true);
    const event = fake.event('payment_intent.succeeded', intentId);
    await postWebhook(t, event).expect(200);
    await eventually(async () => ((await card()).is_disabled === false ? true : undefined));
    const handOvers = await t.dataSource.query(`SELECT 1 FROM outbox_event WHERE name = 'order.gift_card_created' AND data->>'id' = $1`, [placed.id]);
    expect(handOvers).toHaveLength(1);
    const [order] = await t.dataSource.query(`SELECT payment_status FROM "order" WHERE id = $1`, [placed.id]);
    expect(order.payment_status).toBe('captured');
  });
});

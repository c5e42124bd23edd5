import { ApiError } from '../../../src/common/errors/api-error';
import { PaymentProviderRegistry } from '../../../src/modules/payments/payment-provider.registry';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import type { TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import type { StripeFake } from '../../helpers/stripe-fake/stripe-fake';
import { eventually, postWebhook, startStripeApp } from '../../helpers/stripe-fake/stripe-test-app';

/**
 * Card checkout with the `stripe` provider as a Medusa v1 storefront runs it: the session's
 * PaymentIntent (data.client_secret) is confirmed at Stripe (the fake, standing in for
 * Stripe.js), then the cart is completed; the real `stripe` client talks to the fake.
 */
describe('Stripe card payments, manual capture (STRIPE_CAPTURE=false)', () => {
  let t: TestApp;
  let fake: StripeFake;
  let shop: Shop;

  beforeAll(async () => {
    ({ t, fake } = await startStripeApp());
    shop = await createShop(t.dataSource.manager, {
      region: { payment_provider_ids: ['stripe', 'manual'] },
      product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
  });
  afterAll(() => t.close());

  const checkoutCart = async (email = 'shopper@test.com') => {
    const created = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const cart = await prepareCheckout(t, created.id, { optionId: shop.shippingOption.id, provider: 'stripe', email });
    return cart;
  };
  const complete = (cartId: string) => t.http().post(`/store/carts/${cartId}/complete`);
  const paymentOf = async (orderId: string) => (await t.dataSource.query(`SELECT * FROM payment WHERE order_id = $1`, [orderId]))[0];
  const stripeProvider = () => t.app.get(PaymentProviderRegistry).get('stripe');

  it('creates the intent for the cart total and customer, hands the storefront its client_secret, and completes once confirmed', async () => {
    const cart = await checkoutCart();
    const session = cart.payment_session;
    expect(session).toMatchObject({ provider_id: 'stripe', is_selected: true, status: 'pending' });
    expect(session.data.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
    const intent = fake.intent(session.data.id);
    expect(intent).toMatchObject({
      amount: cart.total,
      currency: 'eur',
      capture_method: 'manual',
      metadata: { resource_id: cart.id },
      status: 'requires_payment_method',
    });
    // The Stripe customer is kept where Medusa keeps it.
    const [customer] = await t.dataSource.query(`SELECT metadata FROM customer WHERE id = $1`, [cart.customer_id]);
    expect(customer.metadata.stripe_id).toMatch(/^cus_/);
    expect(intent.customer).toBe(customer.metadata.stripe_id);
    // Every write to Stripe carries an Idempotency-Key of this service's own (not one the client makes up per call).
    const writes = fake.requests.filter((r) => r.method === 'POST');
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) expect(write.headers['idempotency-key']).toMatch(/^(?!stripe-node-retry-)./);
    expect(fake.calls('POST /v1/customers').map((r) => r.headers['idempotency-key'])).toContain(`customer-${cart.customer_id}`);

    // What the v1 storefront reloads at its payment step.
    const reloaded = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(reloaded.body.cart.payment_session.data.client_secret).toBe(session.data.client_secret);

    fake.confirm(session.data.id, 'succeeds');
    const res = await complete(cart.id).expect(200);
    expect(res.body.type).toBe('order');
    expect(res.body.data.payment_status).toBe('awaiting');
    const payment = await paymentOf(res.body.data.id);
    expect(payment).toMatchObject({ provider_id: 'stripe', amount: cart.total, captured_at: null });
    expect(payment.data).toMatchObject({ id: session.data.id, status: 'requires_capture' });
  });

  it('reuses the Stripe customer of a returning shopper', async () => {
    const first = await checkoutCart('returning@test.com');
    const second = await checkoutCart('returning@test.com');
    expect(fake.intent(second.payment_session.data.id).customer).toBe(fake.intent(first.payment_session.data.id).customer);
  });

  it('makes the intent follow the cart total', async () => {
    const cart = await checkoutCart();
    const res = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 2 }).expect(200);
    expect(res.body.cart.total).toBeGreaterThan(cart.total);
    expect(fake.intent(cart.payment_session.data.id).amount).toBe(res.body.cart.total);
    expect(res.body.cart.payment_session.data.amount).toBe(res.body.cart.total);
  });

  it('replaces the intent when the cart changes customer, canceling the old one', async () => {
    const cart = await checkoutCart('first@test.com');
    const oldIntent = cart.payment_session.data.id;
    const res = await t.http().post(`/store/carts/${cart.id}`).send({ email: 'second@test.com' }).expect(200);
    const newIntent = res.body.cart.payment_session.data.id;
    expect(newIntent).not.toBe(oldIntent);
    expect(fake.intent(oldIntent).status).toBe('canceled');
    expect(fake.intent(newIntent).customer).not.toBe(fake.intent(oldIntent).customer);
  });

  it('passes the storefront’s data update on to the intent, and refuses an amount', async () => {
    const cart = await checkoutCart();
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/stripe`)
      .send({ data: { receipt_email: 'receipt@test.com' } })
      .expect(200);
    expect(res.body.cart.payment_session.data.receipt_email).toBe('receipt@test.com');
    expect(fake.intent(cart.payment_session.data.id).receipt_email).toBe('receipt@test.com');
    const refused = await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/stripe`)
      .send({ data: { amount: 1 } })
      .expect(400);
    expect(refused.body).toMatchObject({ type: 'invalid_data', message: 'Cannot update amount, use updatePayment instead' });
    expect(fake.intent(cart.payment_session.data.id).amount).toBe(cart.total);
  });

  it('answers requires_more while 3-D Secure is pending, then completes', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'requires_action');
    const pending = await complete(cart.id).expect(200);
    expect(pending.body).toMatchObject({ type: 'cart', payment_status: 'requires_more' });
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    const done = await complete(cart.id).expect(200);
    expect(done.body.type).toBe('order');
  });

  it('answers pending for a declined card and places no order', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'declined');
    const res = await complete(cart.id).expect(200);
    expect(res.body).toMatchObject({ type: 'cart', payment_status: 'pending' });
    expect(await t.dataSource.query(`SELECT id FROM "order" WHERE cart_id = $1`, [cart.id])).toEqual([]);
  });

  it('refuses to complete with a canceled intent', async () => {
    const cart = await checkoutCart();
    fake.intent(cart.payment_session.data.id).status = 'canceled';
    const res = await complete(cart.id).expect(400);
    expect(res.body).toMatchObject({ type: 'invalid_data', message: 'Cart payment not authorized' });
  });

  it('captures, then refunds partly and fully, and refuses a refund beyond what was captured', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    const order = (await complete(cart.id).expect(200)).body.data;
    const payment = await paymentOf(order.id);

    const captured = await stripeProvider().capturePayment(payment, `capture-${payment.id}`);
    expect(captured).toMatchObject({ id: payment.data.id, status: 'succeeded', amount_received: cart.total });
    // Captured again (a retry, or the intent captured in Stripe's dashboard): the same answer, one capture at Stripe.
    await expect(stripeProvider().capturePayment({ ...payment, data: captured }, `capture-${payment.id}`)).resolves.toMatchObject({ status: 'succeeded' });
    await expect(stripeProvider().capturePayment({ ...payment, data: captured }, 'another-key')).resolves.toMatchObject({ status: 'succeeded' });

    const capturedPayment = { ...payment, data: captured };
    await stripeProvider().refundPayment(capturedPayment, 500, 'return', `refund-${payment.id}-1`);
    // A retried refund request refunds once.
    await stripeProvider().refundPayment(capturedPayment, 500, 'return', `refund-${payment.id}-1`);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === payment.data.id).map((r) => r.amount)).toEqual([500]);

    await stripeProvider().refundPayment(capturedPayment, cart.total - 500, 'other', `refund-${payment.id}-2`);
    const beyond = stripeProvider().refundPayment(capturedPayment, 1, 'other', `refund-${payment.id}-3`);
    await expect(beyond).rejects.toBeInstanceOf(ApiError);
    await expect(beyond).rejects.toMatchObject({ type: 'invalid_data', code: 'charge_already_refunded' });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === payment.data.id).map((r) => r.amount)).toEqual([500, cart.total - 500]);
  });

  it('refuses a refund larger than what is left at Stripe', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    const payment = await paymentOf((await complete(cart.id).expect(200)).body.data.id);
    const data = await stripeProvider().capturePayment(payment, `capture-${payment.id}`);
    await expect(stripeProvider().refundPayment({ ...payment, data }, cart.total + 1, 'other', 'too-much')).rejects.toMatchObject({
      type: 'invalid_data',
      code: 'amount_too_large',
    });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === payment.data.id)).toEqual([]);
  });

  it('cancels an authorized payment, and refuses to cancel a captured one', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    const payment = await paymentOf((await complete(cart.id).expect(200)).body.data.id);
    await expect(stripeProvider().cancelPayment(payment.data)).resolves.toMatchObject({ status: 'canceled' });
    expect(fake.intent(payment.data.id).status).toBe('canceled');
    // Canceled already: nothing more to do.
    await expect(stripeProvider().cancelPayment(payment.data)).resolves.toMatchObject({ status: 'canceled' });

    const other = await checkoutCart();
    fake.confirm(other.payment_session.data.id, 'succeeds');
    const paid = await paymentOf((await complete(other.id).expect(200)).body.data.id);
    await stripeProvider().capturePayment(paid, `capture-${paid.id}`);
    await expect(stripeProvider().cancelPayment(paid.data)).rejects.toMatchObject({ type: 'invalid_data', code: 'payment_intent_unexpected_state' });
    expect(fake.intent(paid.data.id).status).toBe('succeeded');
  });

  it('completes the cart of a shopper who closed the tab when Stripe reports the authorization', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    await postWebhook(t, fake.event('payment_intent.amount_capturable_updated', cart.payment_session.data.id)).expect(200);
    const order = await eventually(async () => (await t.dataSource.query(`SELECT id, payment_status FROM "order" WHERE cart_id = $1`, [cart.id]))[0]);
    expect(order.payment_status).toBe('awaiting');
    // The shopper's browser comes back later: the same order.
    const res = await complete(cart.id).expect(200);
    expect(res.body.data.id).toBe(order.id);
  });

  it('captures the order when Stripe reports the intent succeeded (captured in Stripe’s dashboard)', async () => {
    const cart = await checkoutCart();
    const intentId = cart.payment_session.data.id;
    fake.confirm(intentId, 'succeeds');
    const order = (await complete(cart.id).expect(200)).body.data;
    const capturesBefore = fake.calls(`POST /v1/payment_intents/${intentId}/capture`).length;
    fake.intent(intentId).status = 'succeeded';
    fake.intent(intentId).amount_received = cart.total;
    await postWebhook(t, fake.event('payment_intent.succeeded', intentId)).expect(200);
    await eventually(async () => (await t.dataSource.query(`SELECT payment_status FROM "order" WHERE id = $1`, [order.id]))[0].payment_status === 'captured');
    expect(fake.calls(`POST /v1/payment_intents/${intentId}/capture`).length).toBe(capturesBefore + 1);
    expect((await paymentOf(order.id)).captured_at).not.toBeNull();
  });

  it('shows the dashboard widget the order’s Stripe payments with their risk', async () => {
    const cart = await checkoutCart();
    fake.confirm(cart.payment_session.data.id, 'succeeds');
    const order = (await complete(cart.id).expect(200)).body.data;
    const admin = await adminAgent(t);
    const res = await admin.get(`/admin/orders/stripe-payments/${order.id}`).expect(200);
    expect(res.body).toEqual({
      payments: [
        {
          id: cart.payment_session.data.id,
          amount: cart.total,
          created: expect.any(Number),
          risk_score: 32,
          risk_level: 'normal',
          type: 'order',
          region: shop.region.id,
        },
      ],
    });
    await t.http().get(`/admin/orders/stripe-payments/${order.id}`).expect(401);
    await admin.get('/admin/orders/stripe-payments/order_missing').expect(404);
  });
});

describe('Stripe payments, automatic capture (STRIPE_CAPTURE=true) and the redirect methods', () => {
  let t: TestApp;
  let fake: StripeFake;
  let shop: Shop;

  beforeAll(async () => {
    ({ t, fake } = await startStripeApp({ STRIPE_CAPTURE: 'true', STRIPE_PAYMENT_DESCRIPTION: 'Order at the test shop' }));
    shop = await createShop(t.dataSource.manager, {
      region: { payment_provider_ids: ['stripe', 'stripe-ideal'] },
      product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
  });
  afterAll(() => t.close());

  const checkoutCart = async (provider: string) => {
    const created = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    return prepareCheckout(t, created.id, { optionId: shop.shippingOption.id, provider });
  };

  it('places a captured order once the card payment succeeded, and the webhook captures nothing more', async () => {
    const cart = await checkoutCart('stripe');
    const intentId = cart.payment_session.data.id;
    expect(fake.intent(intentId)).toMatchObject({ capture_method: 'automatic', description: 'Order at the test shop' });
    fake.confirm(intentId, 'succeeds');
    const res = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(res.body.data.payment_status).toBe('captured');
    const [payment] = await t.dataSource.query(`SELECT captured_at, data FROM payment WHERE order_id = $1`, [res.body.data.id]);
    expect(payment.captured_at).not.toBeNull();
    expect(payment.data.status).toBe('succeeded');
    await postWebhook(t, fake.event('payment_intent.succeeded', intentId)).expect(200);
    await eventually(
      async () => (await t.dataSource.query(`SELECT processed_at FROM stripe_webhook_event WHERE type = 'payment_intent.succeeded'`))[0]?.processed_at,
    );
    expect(fake.calls(`POST /v1/payment_intents/${intentId}/capture`)).toEqual([]);
  });

  it('captures at completion an intent made for manual capture (before STRIPE_CAPTURE was turned on, or imported)', async () => {
    const cart = await checkoutCart('stripe');
    const intentId = cart.payment_session.data.id;
    fake.intent(intentId).capture_method = 'manual';
    fake.confirm(intentId, 'succeeds');
    expect(fake.intent(intentId).status).toBe('requires_capture');
    const res = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(res.body.data.payment_status).toBe('captured');
    expect(fake.intent(intentId)).toMatchObject({ status: 'succeeded', amount_received: cart.total });
    const [payment] = await t.dataSource.query(`SELECT captured_at, data FROM payment WHERE order_id = $1`, [res.body.data.id]);
    expect(payment.captured_at).not.toBeNull();
    expect(payment.data.status).toBe('succeeded');
  });

  it('gives an iDEAL intent its payment method and automatic capture, and completes it from the webhook', async () => {
    const cart = await checkoutCart('stripe-ideal');
    const intentId = cart.payment_session.data.id;
    expect(fake.intent(intentId)).toMatchObject({ payment_method_types: ['ideal'], capture_method: 'automatic' });
    // The shopper is redirected to the bank and never comes back to the shop.
    fake.confirm(intentId, 'succeeds');
    await postWebhook(t, fake.event('payment_intent.succeeded', intentId)).expect(200);
    const order = await eventually(async () => (await t.dataSource.query(`SELECT payment_status FROM "order" WHERE cart_id = $1`, [cart.id]))[0]);
    expect(order.payment_status).toBe('captured');
  });
});

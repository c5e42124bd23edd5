import { PaymentProviderRegistry } from '../../../src/modules/payments/payment-provider.registry';
import { ApiError } from '../../../src/common/errors/api-error';
import { TestPaymentProvider } from '../../../src/modules/payments/providers/test.provider';
import type { StoredPayment } from '../../../src/modules/payments/providers/payment-provider.interface';
import { createShop, Shop } from '../../factories/cart.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

/**
 * The `test` provider, counting its captures and taking a while over each (as a card
 * provider's network call does), or refusing them while `refuse` is set.
 */
class CountingProvider extends TestPaymentProvider {
  captures = 0;
  refuse = false;
  override async capturePayment(payment: StoredPayment, key: string): Promise<Record<string, unknown>> {
    this.captures++;
    await new Promise((r) => setTimeout(r, 40));
    if (this.refuse) throw ApiError.invalid('Card declined');
    return super.capturePayment(payment, key);
  }
}

describe('Capture (POST /admin/orders/:id/capture, /admin/payments/:id, /admin/payments/:id/capture)', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
  let provider: CountingProvider;
  const events = (orderId: string, name: string) =>
    t.dataSource.query(`SELECT data FROM outbox_event WHERE name = $1 AND data->>'id' = $2 ORDER BY seq`, [name, orderId]);

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '12' });
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
    provider = new CountingProvider();
    t.app.get(PaymentProviderRegistry).register(provider);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    const order = await placeOrder(t, shop);
    await t.http().post(`/admin/orders/${order.id}/capture`).expect(401);
    await t.http().get(`/admin/payments/${order.payments[0].id}`).expect(401);
    await t.http().post(`/admin/payments/${order.payments[0].id}/capture`).expect(401);
  });

  it('captures an awaiting order: payment captured_at and data, payment_status captured, order.payment_captured, the untrimmed order', async () => {
    const order = await placeOrder(t, shop);
    expect(order.payment_status).toBe('awaiting');
    const res = await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    expect(res.body.order).toMatchObject({
      id: order.id,
      object: 'order',
      payment_status: 'captured',
      paid_total: order.total,
      refundable_amount: order.total,
    });
    expect(res.body.order.payments[0]).toMatchObject({ captured_at: expect.any(String), data: { status: 'captured' } });
    expect(res.body.order).toHaveProperty('fulfillments', []);
    expect(res.body.order).toHaveProperty('refunds', []);
    expect(await events(order.id, 'order.payment_captured')).toEqual([{ data: { id: order.id, no_notification: null } }]);
    // Again: nothing left to capture, still captured, the event again (Medusa's behaviour).
    const again = await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    expect(again.body.order.payments[0].captured_at).toBe(res.body.order.payments[0].captured_at);
    expect(await events(order.id, 'order.payment_captured')).toHaveLength(2);
  });

  it('captures once under concurrent requests: the provider is asked once', async () => {
    const order = await placeOrder(t, shop, { provider: 'test' });
    provider.captures = 0;
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post(`/admin/orders/${order.id}/capture`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(provider.captures).toBe(1);
    const [payment] = await t.dataSource.query(`SELECT captured_at, data FROM payment WHERE order_id = $1`, [order.id]);
    expect(payment.captured_at).not.toBeNull();
    expect(payment.data).toMatchObject({ captured: true });
  });

  it('answers 200 with requires_action when the provider refuses, and reports it (order.payment_capture_failed)', async () => {
    const order = await placeOrder(t, shop, { provider: 'test' });
    provider.refuse = true;
    try {
      const res = await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
      expect(res.body.order.payment_status).toBe('requires_action');
      expect(res.body.order.payments[0].captured_at).toBeNull();
      expect(await events(order.id, 'order.payment_capture_failed')).toEqual([
        { data: { id: order.id, payment_id: order.payments[0].id, error: 'Card declined', no_notification: null } },
      ]);
      expect(await events(order.id, 'order.payment_captured')).toEqual([]);
    } finally {
      provider.refuse = false;
    }
    const retried = await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    expect(retried.body.order.payment_status).toBe('captured');
  });

  it("refuses a canceled order and answers Medusa's 404", async () => {
    const order = await placeOrder(t, shop);
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    const res = await admin.post(`/admin/orders/${order.id}/capture`).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'A canceled order cannot capture payment' });
    const missing = await admin.post('/admin/orders/order_missing/capture').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Order with id order_missing was not found' });
  });

  it('reads and captures one payment; the order payment_status stays (Medusa 10.1)', async () => {
    const order = await placeOrder(t, shop);
    const paymentId = order.payments[0].id;
    const read = await admin.get(`/admin/payments/${paymentId}`).expect(200);
    expect(read.body.payment).toMatchObject({ id: paymentId, order_id: order.id, amount: order.total, amount_refunded: 0, captured_at: null, swap_id: null });
    const captured = await admin.post(`/admin/payments/${paymentId}/capture`).expect(200);
    expect(captured.body.payment).toMatchObject({ id: paymentId, captured_at: expect.any(String), data: { status: 'captured' } });
    // Captured already: answered unchanged.
    const again = await admin.post(`/admin/payments/${paymentId}/capture`).expect(200);
    expect(again.body.payment.captured_at).toBe(captured.body.payment.captured_at);
    const [row] = await t.dataSource.query(`SELECT payment_status FROM "order" WHERE id = $1`, [order.id]);
    expect(row.payment_status).toBe('awaiting');
    const events = await t.dataSource.query(`SELECT 1 FROM outbox_event WHERE name = 'payment.payment_captured' AND data->>'id' = $1`, [paymentId]);
    expect(events).toHaveLength(1);
    const missing = await admin.get('/admin/payments/pay_missing').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Payment with id pay_missing was not found' });
  });

  it("answers 500 unexpected_state `Failed to capture Payment <id>` when the provider refuses a payment's capture", async () => {
    const order = await placeOrder(t, shop, { provider: 'test' });
    provider.refuse = true;
    try {
      const res = await admin.post(`/admin/payments/${order.payments[0].id}/capture`).expect(500);
      expect(res.body).toMatchObject({ type: 'unexpected_state', message: `Failed to capture Payment ${order.payments[0].id}` });
    } finally {
      provider.refuse = false;
    }
    const [row] = await t.dataSource.query(`SELECT captured_at FROM payment WHERE id = $1`, [order.payments[0].id]);
    expect(row.captured_at).toBeNull();
  });
});

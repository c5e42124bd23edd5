import { createShop, Shop } from '../../factories/cart.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Refunds (POST /admin/orders/:id/refund, POST /admin/payments/:id/refund)', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
  const paymentOf = async (orderId: string) => (await t.dataSource.query(`SELECT id, amount, amount_refunded FROM payment WHERE order_id = $1`, [orderId]))[0];
  const refundsOf = (orderId: string): Promise<Array<{ amount: number; payment_id: string | null }>> =>
    t.dataSource.query(`SELECT amount, payment_id FROM refund WHERE order_id = $1 ORDER BY created_at`, [orderId]);
  const capturedOrder = async () => {
    const order = await placeOrder(t, shop, { quantity: 2 });
    await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '12' });
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
  });
  afterAll(() => t.close());

  it('refunds part, then the rest: refund rows, totals, payment_status partially_refunded then refunded, order.refund_created', async () => {
    const order = await capturedOrder();
    const total: number = order.total;
    const part = await admin.post(`/admin/orders/${order.id}/refund`).send({ amount: 1000, reason: 'discount', note: 'Scratched' }).expect(200);
    expect(part.body.order).toMatchObject({
      object: 'order',
      payment_status: 'partially_refunded',
      paid_total: total,
      refunded_total: 1000,
      refundable_amount: total - 1000,
    });
    expect(part.body.order.refunds).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^ref_/),
        order_id: order.id,
        payment_id: null,
        amount: 1000,
        reason: 'discount',
        note: 'Scratched',
      }),
    ]);
    expect(part.body.order.payments[0].amount_refunded).toBe(1000);
    const [event] = await t.dataSource.query(`SELECT data FROM outbox_event WHERE name = 'order.refund_created' AND data->>'id' = $1`, [order.id]);
    expect(event.data).toEqual({ id: order.id, refund_id: part.body.order.refunds[0].id, no_notification: null });

    const rest = await admin
      .post(`/admin/orders/${order.id}/refund`)
      .send({ amount: total - 1000, reason: 'return', no_notification: true })
      .expect(200);
    expect(rest.body.order).toMatchObject({ payment_status: 'refunded', refunded_total: total, refundable_amount: 0 });
    const more = await admin.post(`/admin/orders/${order.id}/refund`).send({ amount: 1, reason: 'other' }).expect(400);
    expect(more.body).toEqual({ type: 'not_allowed', message: 'Cannot refund more than the original order amount' });
  });

  it('refuses money that was never captured, and a canceled order', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const res = await admin.post(`/admin/orders/${order.id}/refund`).send({ amount: 100, reason: 'other' }).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'Refund amount is greater that the refundable amount' });
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    const canceled = await admin.post(`/admin/orders/${order.id}/refund`).send({ amount: 100, reason: 'other' }).expect(400);
    expect(canceled.body).toEqual({ type: 'not_allowed', message: 'A canceled order cannot be refunded' });
    expect(await refundsOf(order.id)).toEqual([]);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const order = await capturedOrder();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ reason: 'other' }, 'amount must be an integer number'],
      [{ amount: 100.5, reason: 'other' }, 'amount must be an integer number'],
      [{ amount: -5, reason: 'other' }, 'amount must not be less than 0'],
      [{ amount: 100 }, 'reason should not be empty, reason must be a string'],
      [{ amount: 100, reason: 'because' }, 'reason must be one of the following values: discount, return, swap, claim, other'],
      [{ amount: 100, reason: 'other', extra: 1 }, 'property extra should not exist'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(`/admin/orders/${order.id}/refund`).send(body).expect(400);
      expect(res.body).toMatchObject({ type: 'invalid_data', message });
    }
    expect(await refundsOf(order.id)).toEqual([]);
    expect((await paymentOf(order.id)).amount_refunded).toBe(0);
  });

  it('never refunds beyond what was captured when staff refund at once', async () => {
    const order = await capturedOrder();
    const total: number = order.total;
    const share = Math.ceil(total / 3);
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post(`/admin/orders/${order.id}/refund`).send({ amount: share, reason: 'other' })));
    const accepted = answers.filter((r) => r.status === 200).length;
    expect(accepted).toBe(Math.floor(total / share));
    // The others are refused as Medusa refuses them (not by the database's last-line CHECK).
    for (const refused of answers.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(['Cannot refund more than the original order amount', 'Refund amount is greater that the refundable amount']).toContain(refused.body.message);
    }
    const payment = await paymentOf(order.id);
    expect(payment.amount_refunded).toBe(accepted * share);
    expect(payment.amount_refunded).toBeLessThanOrEqual(payment.amount);
    expect((await refundsOf(order.id)).reduce((sum, r) => sum + r.amount, 0)).toBe(payment.amount_refunded);
  });

  it('refunds one payment (POST /admin/payments/:id/refund): the refund names it; payment_status unchanged (Medusa 10.1)', async () => {
    const order = await placeOrder(t, shop, { quantity: 1 });
    const paymentId = order.payments[0].id;
    const uncaptured = await admin.post(`/admin/payments/${paymentId}/refund`).send({ amount: 100, reason: 'other' }).expect(400);
    expect(uncaptured.body).toEqual({ type: 'invalid_data', message: `Payment ${paymentId} is not captured` });
    await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    const res = await admin.post(`/admin/payments/${paymentId}/refund`).send({ amount: 300, reason: 'claim', note: 'dented' }).expect(200);
    expect(res.body.refund).toMatchObject({ payment_id: paymentId, order_id: order.id, amount: 300, reason: 'claim', note: 'dented' });
    const tooMuch = await admin.post(`/admin/payments/${paymentId}/refund`).send({ amount: order.total, reason: 'other' }).expect(400);
    expect(tooMuch.body).toEqual({ type: 'invalid_data', message: `Only ${order.total - 300} can be refunded from Payment ${paymentId}` });
    const badReason = await admin.post(`/admin/payments/${paymentId}/refund`).send({ amount: 1, reason: 'nope' }).expect(400);
    expect(badReason.body.message).toBe('reason must be one of the following values: discount, return, swap, claim, other');
    const [row] = await t.dataSource.query(`SELECT payment_status FROM "order" WHERE id = $1`, [order.id]);
    expect(row.payment_status).toBe('captured');
    const read = await admin.get(`/admin/orders/${order.id}`).expect(200);
    expect(read.body.order).toMatchObject({ refunded_total: 300, refundable_amount: order.total - 300 });
    // An order with a refund cannot be canceled.
    const cancel = await admin.post(`/admin/orders/${order.id}/cancel`).expect(400);
    expect(cancel.body).toEqual({ type: 'not_allowed', message: 'Order with refund(s) cannot be canceled' });
  });
});

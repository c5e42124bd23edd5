import { Client } from 'pg';
import { MAX_LINE_QUANTITY } from '../../../src/common/validation/line-quantity';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { isBackgroundStatement } from '../../helpers/background-statements';

/**
 * One checkout must not make the server do work that grows with a number the client
 * chooses: a line holds at most MAX_LINE_QUANTITY units (400 invalid_data beyond, on every
 * way a quantity comes in), and the gift cards a completed order issues (one per unit) are
 * inserted by one statement, so completing a cart costs the same statements for 1 or 500
 * gift cards while its row locks are held.
 */
describe('Bounded work per checkout', () => {
  let t: TestApp;
  let shop: Shop;
  let giftCardVariantId: string;
  const sent: string[] = [];
  const original = Client.prototype.query;

  beforeAll(async () => {
    // Every statement goes through pg's Client#query; patched before the app starts (see cart-write-round-trips).
    (Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: Client, ...args: unknown[]) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (text !== undefined) sent.push(text);
      return (original as unknown as (...a: unknown[]) => unknown).apply(this, args);
    };
    // No job handlers in this process: a mail job of an earlier order would send its statements inside a counted request.
    t = await createTestApp({ QUEUE_WORKERS: 'false' });
    shop = await createShop(t.dataSource.manager, {
      product: { variants: [{ inventory_quantity: 100_000, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
    const giftCard = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: shop.region.currency_code, amount: 2500 }] }],
    });
    giftCardVariantId = giftCard.variants![0].id;
  });
  afterAll(async () => {
    Client.prototype.query = original;
    await t.close();
  });

  /** Completes a cart holding `quantity` gift cards; the statements the completion sent and the order. */
  async function completeGiftCards(quantity: number): Promise<{ statements: string[]; orderId: string }> {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: giftCardVariantId, quantity }).expect(200);
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    sent.length = 0;
    const res = await t.http().post(`/store/carts/${cart.id}/complete`);
    const statements = sent.filter((text) => !isBackgroundStatement(text));
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('order');
    return { statements, orderId: res.body.data.id };
  }

  const cardsOf = async (orderId: string) =>
    (await t.dataSource.query('SELECT value, balance, count(*)::int AS n FROM gift_card WHERE order_id = $1 GROUP BY value, balance', [orderId])) as Array<{
      value: number;
      balance: number;
      n: number;
    }>;

  it('issues 1 or 500 gift cards with the same number of statements, and all of them exist afterwards', async () => {
    const one = await completeGiftCards(1);
    const many = await completeGiftCards(500);
    expect(many.statements.length).toBe(one.statements.length);
    expect(await cardsOf(one.orderId)).toEqual([{ value: 2500, balance: 2500, n: 1 }]);
    expect(await cardsOf(many.orderId)).toEqual([{ value: 2500, balance: 2500, n: 500 }]);
    const codes = await t.dataSource.query('SELECT count(DISTINCT code)::int AS n FROM gift_card WHERE order_id = $1', [many.orderId]);
    expect(codes[0].n).toBe(500);
  });

  describe(`a line holds at most ${MAX_LINE_QUANTITY} units`, () => {
    const tooMany = MAX_LINE_QUANTITY + 1;
    const INVALID = { type: 'invalid_data', message: expect.stringContaining(String(MAX_LINE_QUANTITY)) };
    const lines = async (cartId: string) =>
      (await t.dataSource.query('SELECT quantity FROM line_item WHERE cart_id = $1', [cartId])) as Array<{ quantity: number }>;

    it('refuses adding, merging into, updating to, or creating a cart with more (400), and stores nothing', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id });
      const add = (quantity: number) => t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity });
      expect((await add(tooMany).expect(400)).body).toEqual(INVALID);
      expect(await lines(cart.id)).toEqual([]);

      const line = (await add(MAX_LINE_QUANTITY - 1).expect(200)).body.cart.items[0];
      expect((await add(2).expect(400)).body).toEqual(INVALID);
      expect(await lines(cart.id)).toEqual([{ quantity: MAX_LINE_QUANTITY - 1 }]);
      await add(1).expect(200);
      expect(await lines(cart.id)).toEqual([{ quantity: MAX_LINE_QUANTITY }]);

      const update = await t.http().post(`/store/carts/${cart.id}/line-items/${line.id}`).send({ quantity: tooMany }).expect(400);
      expect(update.body).toEqual(INVALID);
      expect(await lines(cart.id)).toEqual([{ quantity: MAX_LINE_QUANTITY }]);

      const created = await t
        .http()
        .post('/store/carts')
        .send({ region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: tooMany }] })
        .expect(400);
      expect(created.body.type).toBe('invalid_data');
      const merged = await t
        .http()
        .post('/store/carts')
        .send({
          region_id: shop.region.id,
          items: [
            { variant_id: shop.variant.id, quantity: MAX_LINE_QUANTITY },
            { variant_id: shop.variant.id, quantity: 1 },
          ],
        })
        .expect(400);
      expect(merged.body).toEqual(INVALID);
    });

    it("refuses more in a draft order's lines too (400)", async () => {
      const admin = await adminAgent(t);
      const base = { email: 'buyer@example.com', region_id: shop.region.id, shipping_methods: [] };
      const refused = await admin
        .post('/admin/draft-orders')
        .send({ ...base, items: [{ variant_id: shop.variant.id, quantity: tooMany }] })
        .expect(400);
      expect(refused.body).toEqual(INVALID);
      const draft = (
        await admin
          .post('/admin/draft-orders')
          .send({ ...base, items: [{ variant_id: shop.variant.id, quantity: 1 }] })
          .expect(200)
      ).body.draft_order;
      const lineId = draft.cart.items[0].id;
      expect(
        (await admin.post(`/admin/draft-orders/${draft.id}/line-items`).send({ variant_id: shop.variant.id, quantity: tooMany }).expect(400)).body,
      ).toEqual(INVALID);
      expect((await admin.post(`/admin/draft-orders/${draft.id}/line-items/${lineId}`).send({ quantity: tooMany }).expect(400)).body).toEqual(INVALID);
      expect(await lines(draft.cart.id)).toEqual([{ quantity: 1 }]);
    });
  });
});

import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * A logged-in shopper's order list and saved payment methods, as a real Medusa 1.20.10
 * answered the same requests (store scenario replayed against both, JSON diffed).
 */
describe('Store customers: Medusa v1 fidelity', () => {
  let t: TestApp;
  let shop: Shop;
  let auth: Record<string, string>;
  let order: Record<string, any>;

  const TOTALS = [
    'shipping_total',
    'discount_total',
    'tax_total',
    'refunded_total',
    'total',
    'subtotal',
    'paid_total',
    'refundable_amount',
    'gift_card_total',
    'gift_card_tax_total',
    'item_tax_total',
    'shipping_tax_total',
  ];
  // Medusa's defaultStoreOrdersRelations, then what its totals load and its list does not clean away.
  const RELATIONS = ['shipping_address', 'fulfillments', 'items', 'shipping_methods', 'discounts', 'customer', 'payments', 'region'];
  const LOADED = ['claims', 'refunds', 'swaps', 'gift_cards', 'gift_card_transactions'];

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m);
    const discount = await createDiscount(m, { code: 'CUSTFID', regions: [shop.region.id], rule: { type: 'fixed', value: 100, allocation: 'total' } });
    const customer = await createCustomer(m, { password: 'secret' });
    auth = customerAuth(t, customer.id);
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] }, auth);
    const step = async (path: string, body: Record<string, unknown> = {}) => {
      const res = await t.http().post(`/store/carts/${cart.id}${path}`).set(auth).send(body);
      if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    await step('', {
      discounts: [{ code: discount.code }],
      shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' },
    });
    await step('/shipping-methods', { option_id: shop.shippingOption.id });
    await step('/payment-sessions');
    await step('/payment-session', { provider_id: 'manual' });
    order = (await step('/complete')).data;
  });
  afterAll(() => t.close());

  describe('GET /store/customers/me/orders', () => {
    it("answers each order with the store's default relations, fulfillments included, and what Medusa's totals load", async () => {
      const [listed] = (await t.http().get('/store/customers/me/orders').set(auth).expect(200)).body.orders;
      expect(listed.id).toBe(order.id);
      for (const relation of [...RELATIONS, ...LOADED]) expect(listed).toHaveProperty(relation);
      expect(listed).toMatchObject({ fulfillments: [], claims: [], refunds: [], swaps: [], gift_cards: [] });
      // The list is not cleaned in Medusa: the order keeps its unrounded discount.
      expect(listed.raw_discount_total).toBe(100);
      expect(listed.discount_total).toBe(100);
      // The store's region relation: no providers (those are the admin's default).
      expect(listed.region).not.toHaveProperty('payment_providers');
      expect(listed.items[0].variant).toMatchObject({ id: shop.variant.id });
    });

    it('with fields=status: id, status, created_at, tax_rate, object, the relations and every total (31 keys)', async () => {
      const [listed] = (await t.http().get('/store/customers/me/orders?fields=status').set(auth).expect(200)).body.orders;
      expect(Object.keys(listed).sort()).toEqual(
        ['id', 'status', 'created_at', 'tax_rate', 'object', 'raw_discount_total', ...RELATIONS, ...LOADED, ...TOTALS].sort(),
      );
    });
  });

  describe('GET /store/customers/me/payment-methods', () => {
    it("lists the shopper's saved methods: none, as Medusa's manual provider answers", async () => {
      const res = await t.http().get('/store/customers/me/payment-methods').set(auth).expect(200);
      expect(res.body).toEqual({ payment_methods: [] });
    });

    it('401s without a logged-in customer', async () => {
      await t.http().get('/store/customers/me/payment-methods').expect(401);
    });
  });
});

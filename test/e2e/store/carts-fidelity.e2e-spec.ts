import { createCartViaApi, createShop, customerAuth, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { eventually } from '../../helpers/change-notices';
import { CartResponseCache } from '../../../src/modules/carts/cart-response-cache';
import { OrdersService } from '../../../src/modules/orders/orders.service';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';

let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

/** GET /store/carts/:id by a logged-in shopper attaches the cart to them, as Medusa v1 does. */
describe('Store carts: a logged-in shopper’s GET attaches the cart', () => {
  let t: TestApp;
  let shop: Shop;
  const cache = () => t.app.get(CartResponseCache);

  /** Answers are stored only while the cache is trusted and no notice is pending. */
  async function settled(): Promise<void> {
    await eventually(() => cache().trusted, Boolean, 'the cart cache to be trusted');
    await t.app.get(TableChangeNotices).listener!.sync();
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  it('sets the customer and email of a customer-less cart (store JWT), also in later anonymous answers, even when one was cached', async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret1' });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await settled();
    await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect((await t.http().get(`/store/carts/${cart.id}`).expect(200)).body.cart.customer_id).toBeNull();
    expect(cache().has(cart.id)).toBe(true);

    const res = await t.http().get(`/store/carts/${cart.id}`).set(customerAuth(t, customer.id)).expect(200);
    expect(res.body.cart).toMatchObject({ id: cart.id, customer_id: customer.id, email: customer.email, total: 1250 });

    await settled();
    const anonymous = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(anonymous.body.cart).toMatchObject({ customer_id: customer.id, email: customer.email });
    const hits = cache().stats.hits;
    const again = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(cache().stats.hits).toBe(hits + 1);
    expect(again.body.cart).toEqual(anonymous.body.cart);
  });

  it('takes over a cart of a guest customer (session cookie), with expand honoured', async () => {
    const password = 'secret-pw';
    const customer = await createCustomer(t.dataSource.manager, { password });
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const guest = await t.http().post(`/store/carts/${cart.id}`).send({ email: 'guest-before-login@test.com' }).expect(200);
    expect(guest.body.cart.customer_id).toMatch(/^cus_/);

    const agent = t.agent();
    await agent.post('/store/auth').set(freshIp()).send({ email: customer.email, password }).expect(200);
    const res = await agent.get(`/store/carts/${cart.id}?expand=customer`).expect(200);
    expect(res.body.cart).toMatchObject({ customer_id: customer.id, email: customer.email, customer: { id: customer.id, email: customer.email } });
    expect((await t.http().get(`/store/carts/${cart.id}`).expect(200)).body.cart).toMatchObject({ customer_id: customer.id, email: customer.email });
  });

  it('answers a session’s customer from the cache only for a cart already theirs', async () => {
    const password = 'secret-pw';
    const customer = await createCustomer(t.dataSource.manager, { password });
    const agent = t.agent();
    await agent.post('/store/auth').set(freshIp()).send({ email: customer.email, password }).expect(200);
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await settled();
    await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(cache().has(cart.id)).toBe(true);

    // Cached as a customer-less cart: the session's GET goes to the route and attaches it.
    const attached = await agent.get(`/store/carts/${cart.id}`).expect(200);
    expect(attached.body.cart.customer_id).toBe(customer.id);
    await settled();
    const hits = cache().stats.hits;
    const again = await agent.get(`/store/carts/${cart.id}`).expect(200);
    expect(cache().stats.hits).toBe(hits + 1);
    expect(again.body.cart).toEqual(attached.body.cart);
  });

  it('answers a cart of another registered customer unchanged, and writes nothing for the owner’s own read', async () => {
    const owner = await createCustomer(t.dataSource.manager, { password: 'secret1' });
    const other = await createCustomer(t.dataSource.manager, { password: 'secret2' });
    const cart = await createCartViaApi(t, { region_id: shop.region.id }, customerAuth(t, owner.id));
    const version = async () => (await t.dataSource.query('SELECT xmin::text AS v FROM cart WHERE id = $1', [cart.id]))[0].v;
    const before = await version();

    const res = await t.http().get(`/store/carts/${cart.id}`).set(customerAuth(t, other.id)).expect(200);
    expect(res.body.cart).toMatchObject({ customer_id: owner.id, email: owner.email });
    await t.http().get(`/store/carts/${cart.id}`).set(customerAuth(t, owner.id)).expect(200);
    expect(await version()).toBe(before);
  });

  it('leaves a completed cart as it is', async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret1' });
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.dataSource.query('UPDATE cart SET completed_at = now() WHERE id = $1', [cart.id]);
    const res = await t.http().get(`/store/carts/${cart.id}`).set(customerAuth(t, customer.id)).expect(200);
    expect(res.body.cart.customer_id).toBeNull();
  });
});

describe('Store carts: gift cards at completion', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  it('disables a gift card whose whole balance the order draws', async () => {
    const spent = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, value: 500 });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code: spent.code }] })
      .expect(200);
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    const order = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(order.body.data.gift_card_total).toBe(500);

    const admin = await adminAgent(t);
    const card = await admin.get(`/admin/gift-cards/${spent.id}`).expect(200);
    expect(card.body.gift_card).toMatchObject({ balance: 0, is_disabled: true });
    // As Medusa, the storefront lookup still finds it (balance 0); a cart refuses it.
    const res = await t.http().get(`/store/gift-cards/${spent.code}`).expect(200);
    expect(res.body.gift_card).toMatchObject({ id: spent.id, balance: 0 });
    const next = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const refused = await t
      .http()
      .post(`/store/carts/${next.id}`)
      .send({ gift_cards: [{ code: spent.code }] })
      .expect(400);
    expect(refused.body).toEqual({ type: 'not_allowed', message: 'The gift card is disabled' });
  });
});

describe('Response shapes: the links Medusa v1 schemas require', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  it('order and cart line items carry claim_order_id, swap_id, order_edit_id; shipping methods claim_order_id, return_id, swap_id (null)', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const ready = await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    expect(ready.items[0]).toMatchObject({ claim_order_id: null, swap_id: null, order_edit_id: null });
    expect(ready.shipping_methods[0]).toMatchObject({ claim_order_id: null, return_id: null, swap_id: null });

    const completed = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    const order = (await t.http().get(`/store/orders/${completed.body.data.id}`).expect(200)).body.order;
    for (const body of [completed.body.data, order]) {
      expect(body.items[0]).toMatchObject({ claim_order_id: null, swap_id: null, order_edit_id: null });
      expect(body.shipping_methods[0]).toMatchObject({ claim_order_id: null, return_id: null, swap_id: null });
    }
  });
});

// Each shape below was observed on Medusa 1.20.10 for the same requests (a running Medusa, by a colleague).
describe('Cart answers as Medusa 1.20.10 sends them', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, {
      product: {
        variants: [
          { inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] },
          { inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 2000 }] },
        ],
      },
    });
  });
  afterAll(() => t.close());

  const secondVariant = () => shop.product.variants!.find((v) => v.id !== shop.variant.id)!;

  it('sends every line its raw_discount_total, the sum of its adjustments, whose keys are exactly Medusa’s (observed on Medusa 1.20.10)', async () => {
    const items = [
      { variant_id: shop.variant.id, quantity: 1 },
      { variant_id: secondVariant().id, quantity: 1 },
    ];
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items });
    for (const item of cart.items) expect(item.raw_discount_total).toBe(0);

    // A fixed amount spread over the lines by their share (in whole cents here: medusa-differences.md).
    const discount = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'total' }, regions: [shop.region.id] });
    const discounted = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }] })
      .expect(200);
    const read = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    for (const answer of [discounted.body.cart, read.body.cart]) {
      expect(answer.items).toHaveLength(2);
      for (const item of answer.items) {
        expect(item.adjustments).toHaveLength(1);
        expect(item.raw_discount_total).toBe(item.adjustments.reduce((sum: number, a: { amount: number }) => sum + a.amount, 0));
        for (const adjustment of item.adjustments) {
          expect(Object.keys(adjustment).sort()).toEqual(['amount', 'description', 'discount_id', 'id', 'item_id', 'metadata']);
        }
      }
      expect(answer.items.reduce((sum: number, item: { raw_discount_total: number }) => sum + item.raw_discount_total, 0)).toBeCloseTo(100, 9);
    }
  });

  it('sends the region with tax_rates [] and without fulfillment_providers, and no payment_session until one is selected (observed on Medusa 1.20.10)', async () => {
    const created = await t.http().post('/store/carts').send({ region_id: shop.region.id }).expect(200);
    const id = created.body.cart.id;
    const withItem = await t.http().post(`/store/carts/${id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
    const read = await t.http().get(`/store/carts/${id}`).expect(200);
    // The region has two payment providers: sessions are created, none is selected.
    const sessions = await t.http().post(`/store/carts/${id}/payment-sessions`).expect(200);
    expect(sessions.body.cart.payment_sessions.map((p: { provider_id: string }) => p.provider_id).sort()).toEqual(['manual', 'test']);
    for (const answer of [created.body.cart, withItem.body.cart, read.body.cart, sessions.body.cart]) {
      expect(answer.region).toMatchObject({ id: shop.region.id, tax_rates: [] });
      expect(answer.region).toHaveProperty('countries');
      expect(answer.region).toHaveProperty('payment_providers');
      expect(answer.region).not.toHaveProperty('fulfillment_providers');
      expect(answer).toHaveProperty('payment_sessions');
      expect(answer).not.toHaveProperty('payment_session');
    }
    const selected = await t.http().post(`/store/carts/${id}/payment-session`).send({ provider_id: 'manual' }).expect(200);
    expect(selected.body.cart.payment_session).toMatchObject({ provider_id: 'manual', is_selected: true });
  });

  it('404s a cart for an unknown region with Medusa’s message (observed on Medusa 1.20.10)', async () => {
    const res = await t.http().post('/store/carts').send({ region_id: 'reg_nope' }).expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Region with reg_nope was not found' });
  });

  it('answers completion with the order as Medusa places it, also when the cart is completed again (observed on Medusa 1.20.10)', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    const first = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    const again = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    const placed = JSON.parse(JSON.stringify(await t.app.get(OrdersService).retrieveAsPlaced(first.body.data.id)));
    for (const answer of [first.body, again.body]) {
      expect(answer.type).toBe('order');
      expect(Object.keys(answer.data).sort()).toEqual(Object.keys(placed).sort());
      expect(answer.data).not.toHaveProperty('customer');
      expect(answer.data).toMatchObject({ claims: [], refunds: [], swaps: [] });
      expect(answer.data.shipping_methods[0]).not.toHaveProperty('shipping_option');
    }
  });
});

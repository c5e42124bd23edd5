import { createCartViaApi, createShop, customerAuth, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { eventually } from '../../helpers/change-notices';
import { CartResponseCache } from '../../../src/modules/carts/cart-response-cache';
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

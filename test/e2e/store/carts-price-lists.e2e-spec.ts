import { createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

/**
 * A cart line's unit price with price lists, as Medusa v1 chooses it: the lowest of the
 * variant's prices and the active lists' prices for the cart's region or currency, the
 * line's quantity and the customer's groups; `override` lists compete like `sale` ones
 * (catalogue facts §5.3: an override above the base price does not win). The lists are made through the admin API, the carts through the store's.
 */
describe('Cart line prices with price lists (store carts)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let shop: Shop;

  /** A fresh variant at 1000 EUR, so each rule's lists price it alone. */
  const variantAt1000 = async (handle: string) =>
    (await createProduct(t.dataSource.manager, { handle, variants: [{ prices: [{ currency_code: 'eur', amount: 1000 }] }] })).variants![0].id;
  const priceList = (body: Body) =>
    admin
      .post('/admin/price-lists')
      .send({ name: 'List', description: '', status: 'active', ...body })
      .expect(200);
  const newCart = async (headers: Record<string, string> = {}) =>
    (await t.http().post('/store/carts').set(headers).send({ region_id: shop.region.id }).expect(200)).body.cart;
  const addLine = async (cartId: string, variantId: string, quantity = 1, headers: Record<string, string> = {}) =>
    (await t.http().post(`/store/carts/${cartId}/line-items`).set(headers).send({ variant_id: variantId, quantity }).expect(200)).body.cart;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, { region: { name: 'Lists', tax_rate: 0, countries: ['pt'] } });
  });
  afterAll(() => t.close());

  it("prices a line at a sale list's price below the variant's", async () => {
    const variantId = await variantAt1000('on-sale');
    await priceList({ type: 'sale', prices: [{ variant_id: variantId, currency_code: 'eur', amount: 800 }] });
    const cart = await addLine((await newCart()).id, variantId);
    expect(cart.items[0].unit_price).toBe(800);
    expect(cart.subtotal).toBe(800);
  });

  it("treats an override list as Medusa 1.20 does: its price applies below the variant's, never above it (the lowest wins)", async () => {
    const above = await variantAt1000('overridden-above');
    await priceList({ type: 'override', prices: [{ variant_id: above, region_id: shop.region.id, amount: 1200 }] });
    expect((await addLine((await newCart()).id, above)).items[0].unit_price).toBe(1000);
    const below = await variantAt1000('overridden-below');
    await priceList({ type: 'override', prices: [{ variant_id: below, region_id: shop.region.id, amount: 950 }] });
    expect((await addLine((await newCart()).id, below)).items[0].unit_price).toBe(950);
  });

  it("applies a customer-group list only to a logged-in member's cart, also once a guest cart is taken by a member", async () => {
    const variantId = await variantAt1000('members-price');
    const group = await createCustomerGroup(t.dataSource.manager, { name: 'Members' });
    const member = await createCustomer(t.dataSource.manager, { email: 'member@example.com', has_account: true, group_ids: [group.id] });
    const outsider = await createCustomer(t.dataSource.manager, { email: 'outsider@example.com', has_account: true });
    await priceList({ type: 'sale', customer_groups: [{ id: group.id }], prices: [{ variant_id: variantId, currency_code: 'eur', amount: 700 }] });

    const memberAuth = customerAuth(t, member.id);
    expect((await addLine((await newCart(memberAuth)).id, variantId, 1, memberAuth)).items[0].unit_price).toBe(700);
    const outsiderAuth = customerAuth(t, outsider.id);
    expect((await addLine((await newCart(outsiderAuth)).id, variantId, 1, outsiderAuth)).items[0].unit_price).toBe(1000);
    const guestCart = await addLine((await newCart()).id, variantId);
    expect(guestCart.items[0].unit_price).toBe(1000);

    const taken = await t.http().post(`/store/carts/${guestCart.id}`).set(memberAuth).send({}).expect(200);
    expect(taken.body.cart.customer_id).toBe(member.id);
    expect(taken.body.cart.items[0].unit_price).toBe(700);
  });

  it('applies a quantity tier from its min quantity, on add and on a quantity change', async () => {
    const variantId = await variantAt1000('bulk');
    await priceList({ type: 'sale', prices: [{ variant_id: variantId, currency_code: 'eur', amount: 900, min_quantity: 5 }] });
    const cart = await addLine((await newCart()).id, variantId, 4);
    expect(cart.items[0].unit_price).toBe(1000);
    const five = await t.http().post(`/store/carts/${cart.id}/line-items/${cart.items[0].id}`).send({ quantity: 5 }).expect(200);
    expect(five.body.cart.items[0].unit_price).toBe(900);
    expect((await addLine((await newCart()).id, variantId, 6)).items[0].unit_price).toBe(900);
  });

  it('ignores an expired list', async () => {
    const variantId = await variantAt1000('sale-over');
    await priceList({ type: 'sale', ends_at: '2020-01-01T00:00:00Z', prices: [{ variant_id: variantId, currency_code: 'eur', amount: 500 }] });
    expect((await addLine((await newCart()).id, variantId)).items[0].unit_price).toBe(1000);
  });
});

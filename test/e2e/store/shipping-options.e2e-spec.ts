import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';

describe('Store shipping options for a cart (GET /store/shipping-options/:cart_id)', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const list = async (cartId: string) =>
    (await t.http().get(`/store/shipping-options/${cartId}`).expect(200)).body.shipping_options as Array<Record<string, any>>;

  it("lists the region's options for the cart's shipping profiles, priced with tax, with requirements and profile", async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const options = await list(cart.id);
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({
      id: shop.shippingOption.id,
      name: 'Standard',
      region_id: shop.region.id,
      profile_id: 'sp_default',
      price_type: 'flat_rate',
      amount: 1000,
      price_incl_tax: 1250,
      tax_amount: 250,
      tax_rates: [{ rate: 25, name: 'default', code: 'default' }],
      requirements: [],
    });
    expect(options[0].profile).toMatchObject({ id: 'sp_default', type: 'default' });
  });

  it('filters by the subtotal requirements and leaves out admin-only and return options', async () => {
    const m = t.dataSource.manager;
    const big = await createShippingOption(m, {
      region_id: shop.region.id,
      name: 'Free over 2000',
      amount: 0,
      requirements: [{ type: 'min_subtotal', amount: 2000 }],
    });
    const small = await createShippingOption(m, {
      region_id: shop.region.id,
      name: 'Small parcels',
      amount: 300,
      requirements: [{ type: 'max_subtotal', amount: 2000 }],
    });
    await createShippingOption(m, { region_id: shop.region.id, name: 'Staff', admin_only: true });
    await createShippingOption(m, { region_id: shop.region.id, name: 'Returns', is_return: true });
    const one = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const two = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    expect((await list(one.id)).map((o) => o.id).sort()).toEqual([shop.shippingOption.id, small.id].sort());
    const forTwo = await list(two.id);
    expect(forTwo.map((o) => o.id).sort()).toEqual([shop.shippingOption.id, big.id].sort());
    expect(forTwo.find((o) => o.id === big.id)!.requirements).toEqual([expect.objectContaining({ type: 'min_subtotal', amount: 2000 })]);
  });

  it('offers options of other profiles only when the cart holds products of that profile', async () => {
    const m = t.dataSource.manager;
    const email = await createShippingOption(m, { region_id: shop.region.id, name: 'E-mail delivery', amount: 0, profile_id: 'sp_gift_card' });
    const giftProduct = await createProduct(m, {
      is_giftcard: true,
      profile_id: 'sp_gift_card',
      variants: [{ prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    const plain = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    expect((await list(plain.id)).map((o) => o.id)).not.toContain(email.id);
    const gift = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: giftProduct.variants![0].id, quantity: 1 }] });
    expect((await list(gift.id)).map((o) => o.id)).toEqual([email.id]);
  });

  it('is empty for an empty cart and 404s an unknown cart', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    expect(await list(cart.id)).toEqual([]);
    const res = await t.http().get('/store/shipping-options/cart_nope').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Cart with cart_nope was not found' });
  });
});

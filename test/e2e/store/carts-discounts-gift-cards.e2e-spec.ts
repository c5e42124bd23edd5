import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';

describe('Store cart discounts and gift cards', () => {
  let t: TestApp;
  let shop: Shop;
  let a: string; // variant at 1000
  let b: string; // variant at 500
  let otherRegionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m, { shippingAmount: 200 });
    a = shop.variant.id;
    b = (await createProduct(m, { variants: [{ prices: [{ currency_code: 'eur', amount: 500 }] }] })).variants![0].id;
    otherRegionId = (await createRegion(m, { name: 'Other', countries: ['it'] })).id;
  });
  afterAll(() => t.close());

  const cartWithAB = () =>
    createCartViaApi(t, {
      region_id: shop.region.id,
      items: [
        { variant_id: a, quantity: 1 },
        { variant_id: b, quantity: 1 },
      ],
    });
  const update = (cartId: string, body: Record<string, unknown>) => t.http().post(`/store/carts/${cartId}`).send(body);
  const discount = (spec: Parameters<typeof createDiscount>[1] = {}) => createDiscount(t.dataSource.manager, { regions: [shop.region.id], ...spec });

  describe('applying discounts (POST /store/carts/:id { discounts })', () => {
    it('applies a percentage discount (code case-insensitive) as per-line adjustments', async () => {
      const ten = await discount({ rule: { type: 'percentage', value: 10 } });
      const cart = await cartWithAB();
      const res = await update(cart.id, { discounts: [{ code: ten.code.toLowerCase() }] }).expect(200);
      const c = res.body.cart;
      expect(c.discounts.map((d: { id: string }) => d.id)).toEqual([ten.id]);
      expect(c.discounts[0].rule).toMatchObject({ type: 'percentage', value: 10 });
      expect(c.items.map((i: { adjustments: Array<{ amount: number }> }) => i.adjustments[0].amount)).toEqual([100, 50]);
      expect(c.items.map((i: { discount_total: number }) => i.discount_total)).toEqual([100, 50]);
      expect(c.items.map((i: { tax_total: number }) => i.tax_total)).toEqual([225, 113]);
      expect(c).toMatchObject({ subtotal: 1500, discount_total: 150, item_tax_total: 338, tax_total: 338, total: 1688 });
      expect(c).not.toHaveProperty('raw_discount_total');
    });

    it('404s an unknown code and changes nothing', async () => {
      const ten = await discount();
      const cart = await cartWithAB();
      await update(cart.id, { discounts: [{ code: ten.code }] }).expect(200);
      const res = await update(cart.id, { discounts: [{ code: ten.code }, { code: 'nope' }] }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: `Discounts with code [${ten.code}, NOPE] was not found` });
      const after = await t.http().get(`/store/carts/${cart.id}`).expect(200);
      expect(after.body.cart.discounts.map((d: { code: string }) => d.code)).toEqual([ten.code]);
    });

    it.each([
      ['usage limit reached', { usage_limit: 1, usage_count: 1 }, 400, 'not_allowed', (code: string) => `Discount ${code} has been used maximum allowed times`],
      ['not started', { starts_at: new Date(Date.now() + 86_400_000) }, 400, 'not_allowed', (code: string) => `Discount ${code} is not valid yet`],
      ['expired', { ends_at: new Date(Date.now() - 1000) }, 400, 'not_allowed', (code: string) => `Discount ${code} is expired`],
      ['disabled', { is_disabled: true }, 400, 'not_allowed', (code: string) => `The discount code ${code} is disabled`],
      ['not in the region', { regions: [] as string[] }, 400, 'invalid_data', () => 'The discount is not available in current region'],
    ])('refuses a discount that is %s', async (_label, spec, status, type, message) => {
      const d = await discount(spec as never);
      const cart = await cartWithAB();
      const res = await update(cart.id, { discounts: [{ code: d.code }] }).expect(status);
      expect(res.body).toEqual({ type, message: message(d.code) });
    });

    it('checks customer-group conditions against the cart customer', async () => {
      const m = t.dataSource.manager;
      const group = await createCustomerGroup(m);
      const vip = await createCustomer(m, { password: 'secret1', group_ids: [group.id] });
      const regular = await createCustomer(m, { password: 'secret2' });
      const d = await discount({ conditions: [{ type: 'customer_groups', operator: 'in', resource_ids: [group.id] }] });
      const anonymous = await cartWithAB();
      let res = await update(anonymous.id, { discounts: [{ code: d.code }] }).expect(400);
      expect(res.body.message).toBe(`Discount ${d.code} is only valid for specific customer`);
      const regularCart = await createCartViaApi(t, { region_id: shop.region.id }, customerAuth(t, regular.id));
      res = await t
        .http()
        .post(`/store/carts/${regularCart.id}`)
        .set(customerAuth(t, regular.id))
        .send({ discounts: [{ code: d.code }] })
        .expect(400);
      expect(res.body.message).toBe(`Discount ${d.code} is not valid for customer`);
      const vipCart = await createCartViaApi(t, { region_id: shop.region.id }, customerAuth(t, vip.id));
      await t
        .http()
        .post(`/store/carts/${vipCart.id}`)
        .set(customerAuth(t, vip.id))
        .send({ discounts: [{ code: d.code }] })
        .expect(200);
    });

    it('keeps one regular discount (the first sent) plus every free-shipping discount', async () => {
      const first = await discount({ rule: { type: 'percentage', value: 10 } });
      const second = await discount({ rule: { type: 'fixed', value: 300, allocation: 'total' } });
      const free = await discount({ rule: { type: 'free_shipping', value: 0, allocation: null } });
      const cart = await cartWithAB();
      const res = await update(cart.id, { discounts: [{ code: first.code }, { code: second.code }, { code: free.code }] }).expect(200);
      expect(res.body.cart.discounts.map((d: { id: string }) => d.id).sort()).toEqual([first.id, free.id].sort());
      expect(res.body.cart.discount_total).toBe(150);
    });

    it('discounts only lines meeting the product conditions; an unmatched code applies with 0', async () => {
      const onlyB = await discount({
        rule: { type: 'percentage', value: 50 },
        conditions: [{ type: 'products', operator: 'in', resource_ids: [shop.product.id] }],
      });
      const cart = await cartWithAB();
      const res = await update(cart.id, { discounts: [{ code: onlyB.code }] }).expect(200);
      expect(res.body.cart.items[0].adjustments).toHaveLength(1);
      expect(res.body.cart.items[1].adjustments).toEqual([]);
      expect(res.body.cart.discount_total).toBe(500);
      const nothing = await discount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [(await createProduct(t.dataSource.manager)).id] }] });
      const zero = await update(cart.id, { discounts: [{ code: nothing.code }] }).expect(200);
      expect(zero.body.cart.discount_total).toBe(0);
    });

    it('never discounts a non-discountable product', async () => {
      const fixed = (await createProduct(t.dataSource.manager, { discountable: false, variants: [{ prices: [{ currency_code: 'eur', amount: 1000 }] }] }))
        .variants![0].id;
      const d = await discount({ rule: { type: 'percentage', value: 20 } });
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: fixed, quantity: 1 }] });
      const res = await update(cart.id, { discounts: [{ code: d.code }] }).expect(200);
      expect(res.body.cart.discount_total).toBe(0);
    });

    it('free shipping answers the method with price 0 and zero totals, as Medusa; removing it restores them', async () => {
      const free = await discount({ rule: { type: 'free_shipping', value: 0, allocation: null } });
      const cart = await cartWithAB();
      await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
      const res = await update(cart.id, { discounts: [{ code: free.code }] }).expect(200);
      expect(res.body.cart).toMatchObject({ shipping_total: 0, shipping_tax_total: 0, discount_total: 0, tax_total: 375, total: 1875 });
      expect(res.body.cart.shipping_methods[0]).toMatchObject({ price: 0, subtotal: 0, total: 0, original_total: 0 });
      const cleared = await update(cart.id, { discounts: [] }).expect(200);
      expect(cleared.body.cart).toMatchObject({ shipping_total: 200, shipping_tax_total: 50, total: 2125 });
      expect(cleared.body.cart.shipping_methods[0]).toMatchObject({ price: 200, subtotal: 200, total: 250, original_total: 250 });
    });
  });

  describe('DELETE /store/carts/:id/discounts/:code', () => {
    it('removes the discount (any case) and its adjustments; an unknown code changes nothing', async () => {
      const ten = await discount();
      const free = await discount({ rule: { type: 'free_shipping', value: 0, allocation: null } });
      const cart = await cartWithAB();
      await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
      await update(cart.id, { discounts: [{ code: ten.code }, { code: free.code }] }).expect(200);
      let res = await t.http().delete(`/store/carts/${cart.id}/discounts/${free.code.toLowerCase()}`).expect(200);
      expect(res.body.cart.discounts.map((d: { id: string }) => d.id)).toEqual([ten.id]);
      expect(res.body.cart.shipping_total).toBe(200);
      res = await t.http().delete(`/store/carts/${cart.id}/discounts/${ten.code}`).expect(200);
      expect(res.body.cart.discounts).toEqual([]);
      expect(res.body.cart.items.length).toBeGreaterThan(0);
      expect(res.body.cart.items.every((i: { adjustments: unknown[] }) => i.adjustments.length === 0)).toBe(true);
      expect(res.body.cart.discount_total).toBe(0);
      res = await t.http().delete(`/store/carts/${cart.id}/discounts/NOPE`).expect(200);
      expect(res.body.cart.total).toBe(2125);
      await t.http().delete('/store/carts/cart_nope/discounts/NOPE').expect(404);
    });
  });

  describe('gift cards (POST /store/carts/:id { gift_cards })', () => {
    it('applies a card: gift_card_total up to the tax-exclusive total, its tax at the card rate', async () => {
      const card = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, value: 300, tax_rate: 25 });
      const cart = await cartWithAB();
      const res = await update(cart.id, { gift_cards: [{ code: card.code.toLowerCase() }] }).expect(200);
      expect(res.body.cart.gift_cards.map((g: { id: string }) => g.id)).toEqual([card.id]);
      expect(res.body.cart).toMatchObject({ subtotal: 1500, tax_total: 375, gift_card_total: 300, gift_card_tax_total: 75, total: 1500 });
    });

    it('applies several cards (a repeated code once) and clears them with []', async () => {
      const m = t.dataSource.manager;
      const c1 = await createGiftCard(m, { region_id: shop.region.id, value: 100 });
      const c2 = await createGiftCard(m, { region_id: shop.region.id, value: 5000 });
      const cart = await cartWithAB();
      let res = await update(cart.id, { gift_cards: [{ code: c1.code }, { code: c2.code }, { code: c1.code }] }).expect(200);
      expect(res.body.cart.gift_cards).toHaveLength(2);
      expect(res.body.cart).toMatchObject({ gift_card_total: 1500, gift_card_tax_total: 0, total: 375 });
      res = await update(cart.id, { gift_cards: [] }).expect(200);
      expect(res.body.cart).toMatchObject({ gift_cards: [], gift_card_total: 0, total: 1875 });
    });

    it('refuses unknown, disabled, expired and foreign-region cards', async () => {
      const m = t.dataSource.manager;
      const disabled = await createGiftCard(m, { region_id: shop.region.id, is_disabled: true });
      const expired = await createGiftCard(m, { region_id: shop.region.id, ends_at: new Date(Date.now() - 1000) });
      const foreign = await createGiftCard(m, { region_id: otherRegionId });
      const cart = await cartWithAB();
      let res = await update(cart.id, { gift_cards: [{ code: 'NOPE-NOPE' }] }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Gift card with code: NOPE-NOPE was not found' });
      res = await update(cart.id, { gift_cards: [{ code: disabled.code }] }).expect(400);
      expect(res.body.message).toBe('The gift card is disabled');
      res = await update(cart.id, { gift_cards: [{ code: expired.code }] }).expect(400);
      expect(res.body.type).toBe('not_allowed');
      res = await update(cart.id, { gift_cards: [{ code: foreign.code }] }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'The gift card cannot be used in the current region' });
      res = await update(cart.id, { gift_cards: [{}] }).expect(400);
      expect(res.body.message).toContain('code');
    });
  });

  it('a region change drops discounts not valid there and clears the gift cards', async () => {
    const m = t.dataSource.manager;
    const other = await createRegion(m, { name: 'Second EU', countries: ['es'] });
    await createProduct(m);
    const here = await discount();
    const card = await createGiftCard(m, { region_id: shop.region.id });
    const cart = await cartWithAB();
    await update(cart.id, { discounts: [{ code: here.code }], gift_cards: [{ code: card.code }] }).expect(200);
    const res = await update(cart.id, { region_id: other.id }).expect(200);
    expect(res.body.cart.discounts).toEqual([]);
    expect(res.body.cart.gift_cards).toEqual([]);
    expect(res.body.cart.discount_total).toBe(0);
  });
});

import { generateEntityId } from '../../../src/common/database/ids';
import { LineItemAdjustment } from '../../../src/modules/carts/line-item-adjustment.entity';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount, DiscountSpec } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * Line-item adjustments and free shipping on store carts, ported from Medusa v1's
 * integration tests (integration-tests/api/__tests__/line-item-adjustments/index.js and the
 * adjustment cases of store/cart/cart.js): the same amounts, written in this project's style.
 */
describe('Line item adjustments and free shipping (store carts)', () => {
  let t: TestApp;
  let shop: Shop;
  /** Variants priced 100, 950 and 1000 (EUR, the shop's region at 25 %). */
  let v100: string;
  let v950: string;
  let v1000: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m, { shippingAmount: 1000 });
    v1000 = shop.variant.id;
    v100 = (await createProduct(m, { variants: [{ prices: [{ currency_code: 'eur', amount: 100 }], inventory_quantity: 100 }] })).variants![0].id;
    v950 = (await createProduct(m, { variants: [{ prices: [{ currency_code: 'eur', amount: 950 }], inventory_quantity: 100 }] })).variants![0].id;
  });
  afterAll(() => t.close());

  type Item = { id: string; variant_id: string; adjustments: Array<{ amount: number; discount_id: string | null; description: string; item_id: string }> };
  const discount = (spec: DiscountSpec) => createDiscount(t.dataSource.manager, { regions: [shop.region.id], ...spec });
  const cartWith = (items: Array<[string, number]>) =>
    createCartViaApi(t, { region_id: shop.region.id, items: items.map(([variant_id, quantity]) => ({ variant_id, quantity })) });
  const applyCode = async (cartId: string, code: string) =>
    (
      await t
        .http()
        .post(`/store/carts/${cartId}`)
        .send({ discounts: [{ code }] })
        .expect(200)
    ).body.cart;
  const addItem = async (cartId: string, variant_id: string, quantity: number) =>
    (await t.http().post(`/store/carts/${cartId}/line-items`).send({ variant_id, quantity }).expect(200)).body.cart;
  const itemOf = (cart: Record<string, any>, variantId: string): Item => (cart.items as Item[]).find((i) => i.variant_id === variantId)!;

  describe('the adjustment table (Medusa: "Tests database constraints")', () => {
    it('allows one adjustment per line and discount, any number without a discount', async () => {
      const d = await discount({ rule: { type: 'fixed', value: 100, allocation: 'total' } });
      const cart = await cartWith([
        [v1000, 1],
        [v100, 1],
      ]);
      await applyCode(cart.id, d.code);
      const [first, second] = cart.items as Item[];
      const repo = t.dataSource.getRepository(LineItemAdjustment);
      const insert = (itemId: string, discountId: string | null, amount: number) =>
        repo.insert({ id: generateEntityId('lia'), item_id: itemId, discount_id: discountId, amount, description: 'custom discount', metadata: null });

      await expect(insert(first.id, null, 35)).resolves.toBeDefined();
      await expect(insert(first.id, null, 100)).resolves.toBeDefined();
      const other = await discount({ rule: { type: 'percentage', value: 10, allocation: 'item' } });
      await expect(insert(first.id, other.id, 10)).resolves.toBeDefined();
      await expect(insert(first.id, d.id, 20)).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
      expect(await repo.countBy({ item_id: second.id, discount_id: d.id })).toBe(1);
    });
  });

  describe('rebuilding adjustments', () => {
    it("removing the discount deletes only that discount's adjustments and keeps custom ones", async () => {
      const d = await discount({ rule: { type: 'fixed', value: 100, allocation: 'total' } });
      const cart = await cartWith([[v1000, 1]]);
      const applied = await applyCode(cart.id, d.code);
      const line = applied.items[0] as Item;
      expect(line.adjustments).toEqual([expect.objectContaining({ amount: 100, discount_id: d.id, description: 'discount', item_id: line.id })]);
      // One from outside Medusa's discounts (a third-party promotions engine, say).
      await t.dataSource.getRepository(LineItemAdjustment).insert({
        id: generateEntityId('lia'),
        item_id: line.id,
        discount_id: null,
        amount: 20,
        description: 'custom adjustment without discount',
        metadata: null,
      });

      const res = await t.http().delete(`/store/carts/${cart.id}/discounts/${d.code}`).expect(200);
      expect(res.body.cart.items[0].adjustments).toEqual([
        expect.objectContaining({ amount: 20, description: 'custom adjustment without discount', item_id: line.id, discount_id: null }),
      ]);
    });

    it.each([
      ['a total fixed discount of 100', { type: 'fixed', value: 100, allocation: 'total' }, 100],
      ['a total 10 % discount', { type: 'percentage', value: 10, allocation: 'total' }, 200],
      ['an item fixed discount of 200 (per unit)', { type: 'fixed', value: 200, allocation: 'item' }, 400],
      ['an item 15 % discount', { type: 'percentage', value: 15, allocation: 'item' }, 300],
    ] as const)('a line added to a cart holding %s gets its adjustment', async (_label, rule, amount) => {
      const d = await discount({ rule: { ...rule } });
      const cart = await createCartViaApi(t, { region_id: shop.region.id });
      await applyCode(cart.id, d.code);
      const after = await addItem(cart.id, v1000, 2);
      expect(after.items).toEqual([
        expect.objectContaining({
          unit_price: 1000,
          quantity: 2,
          adjustments: [expect.objectContaining({ amount, discount_id: d.id, description: 'discount' })],
        }),
      ]);
      expect(after.discount_total).toBe(amount);
    });

    // Medusa stores the exact shares (16.82 and 168.18; 9.25 and 175.75). Here adjustments are
    // integer minor units, split by largest remainder so they add up to the discount exactly:
    // each line gets the floor or the ceiling of Medusa's share.
    describe('a fixed 185 discount over the total is shared by the lines in proportion to their amounts, in whole cents', () => {
      it('when a line is added', async () => {
        const d = await discount({ rule: { type: 'fixed', value: 185, allocation: 'total' } });
        const cart = await cartWith([[v100, 1]]);
        const applied = await applyCode(cart.id, d.code);
        // The only line (100) takes what it can of the 185.
        expect(itemOf(applied, v100).adjustments).toEqual([expect.objectContaining({ discount_id: d.id })]);
        const after = await addItem(cart.id, v1000, 1);
        expect(itemOf(after, v100).adjustments).toHaveLength(1);
        expect(itemOf(after, v1000).adjustments).toHaveLength(1);
        expect(itemOf(after, v100).adjustments[0].amount).toBe(17); // 185 × 100 / 1100 = 16.82
        expect(itemOf(after, v1000).adjustments[0].amount).toBe(168); // 185 × 1000 / 1100 = 168.18
        expect(after.discount_total).toBe(185);
      });

      it('when a line quantity changes', async () => {
        const d = await discount({ rule: { type: 'fixed', value: 185, allocation: 'total' } });
        const cart = await cartWith([
          [v100, 1],
          [v950, 1],
        ]);
        await applyCode(cart.id, d.code);
        const line = itemOf(cart, v950);
        const res = await t.http().post(`/store/carts/${cart.id}/line-items/${line.id}`).send({ quantity: 2 }).expect(200);
        // 185 × 100 / 2000 = 9.25 and 185 × 1900 / 2000 = 175.75: the larger remainder takes the cent.
        expect(itemOf(res.body.cart, v100).adjustments).toEqual([expect.objectContaining({ amount: 9, discount_id: d.id })]);
        expect(itemOf(res.body.cart, v950).adjustments).toEqual([expect.objectContaining({ amount: 176, discount_id: d.id, item_id: line.id })]);
        expect(res.body.cart.discount_total).toBe(185);
      });

      it('when a line is deleted, the remaining line takes the whole discount', async () => {
        const d = await discount({ rule: { type: 'fixed', value: 185, allocation: 'total' } });
        const cart = await cartWith([
          [v100, 1],
          [v1000, 1],
        ]);
        await applyCode(cart.id, d.code);
        const res = await t
          .http()
          .delete(`/store/carts/${cart.id}/line-items/${itemOf(cart, v100).id}`)
          .expect(200);
        expect(res.body.cart.items).toEqual([expect.objectContaining({ adjustments: [expect.objectContaining({ amount: 185, discount_id: d.id })] })]);
      });
    });

    it('an update with discounts: [] removes every discount adjustment; so does deleting the code', async () => {
      for (const remove of ['update', 'delete'] as const) {
        const d = await discount({ rule: { type: 'fixed', value: 185, allocation: 'total' } });
        const cart = await createCartViaApi(t, { region_id: shop.region.id });
        await applyCode(cart.id, d.code);
        const added = await addItem(cart.id, v1000, 1);
        expect(added.items[0].adjustments).toEqual([expect.objectContaining({ amount: 185, discount_id: d.id })]);
        const res =
          remove === 'update'
            ? await t.http().post(`/store/carts/${cart.id}`).send({ discounts: [] }).expect(200)
            : await t.http().delete(`/store/carts/${cart.id}/discounts/${d.code}`).expect(200);
        expect(res.body.cart.items[0].adjustments).toEqual([]);
        expect(res.body.cart.discount_total).toBe(0);
      }
    });
  });

  describe('free shipping', () => {
    const free = () => discount({ rule: { type: 'free_shipping', value: 0, allocation: 'total' } });

    it("sets the shipping method's price to 0, as Medusa does, and restores it when the discount goes", async () => {
      const d = await free();
      const cart = await cartWith([[v1000, 1]]);
      await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
      const applied = await applyCode(cart.id, d.code);
      expect(applied.shipping_methods).toEqual([
        expect.objectContaining({
          shipping_option_id: shop.shippingOption.id,
          price: 0,
          subtotal: 0,
          tax_total: 0,
          total: 0,
          original_total: 0,
          original_tax_total: 0,
        }),
      ]);
      expect(applied).toMatchObject({ shipping_total: 0, shipping_tax_total: 0, discount_total: 0, total: 1250 });
      expect((await t.http().get(`/store/carts/${cart.id}`).expect(200)).body.cart.shipping_methods[0].price).toBe(0);

      const removed = await t.http().delete(`/store/carts/${cart.id}/discounts/${d.code}`).expect(200);
      expect(removed.body.cart.shipping_methods[0]).toMatchObject({ price: 1000, subtotal: 1000, tax_total: 250, total: 1250, original_total: 1250 });
      expect(removed.body.cart).toMatchObject({ shipping_total: 1000, total: 2500 });
    });

    it('a shipping method chosen after the discount is free too, and the order placed keeps price 0', async () => {
      const d = await free();
      const cart = await cartWith([[v1000, 1]]);
      await applyCode(cart.id, d.code);
      await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
      const before = (await t.http().get(`/store/carts/${cart.id}`).expect(200)).body.cart;
      expect(before.shipping_methods).toEqual([expect.objectContaining({ price: 0, total: 0 })]);
      const done = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
      expect(done.body.type).toBe('order');
      expect(done.body.data).toMatchObject({ shipping_total: 0, total: 1250 });
      expect(done.body.data.shipping_methods).toEqual([expect.objectContaining({ price: 0, subtotal: 0, total: 0 })]);
    });
  });
});

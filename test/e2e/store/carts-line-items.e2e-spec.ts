import { SalesChannel } from '../../../src/modules/sales-channels/sales-channel.entity';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';

describe('Store cart line items (/store/carts/:id/line-items)', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const newCart = () => createCartViaApi(t, { region_id: shop.region.id });
  const add = (cartId: string, body: Record<string, unknown>, key?: string) => {
    const req = t.http().post(`/store/carts/${cartId}/line-items`);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  describe('POST (add)', () => {
    it('adds a line generated from the variant, priced in the region, and echoes an Idempotency-Key', async () => {
      const m = t.dataSource.manager;
      const product = await createProduct(m, {
        thumbnail: 'https://img/x.png',
        discountable: false,
        variants: [{ prices: [{ currency_code: 'eur', amount: 750 }] }],
      });
      const cart = await newCart();
      const res = await add(cart.id, { variant_id: product.variants![0].id, quantity: 2, metadata: { engraving: 'A' } }).expect(200);
      expect(res.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.cart.items).toHaveLength(1);
      expect(res.body.cart.items[0]).toMatchObject({
        id: expect.stringMatching(/^item_/),
        cart_id: cart.id,
        title: product.title,
        description: 'Variant 1',
        thumbnail: 'https://img/x.png',
        variant_id: product.variants![0].id,
        unit_price: 750,
        quantity: 2,
        allow_discounts: false,
        is_giftcard: false,
        should_merge: true,
        has_shipping: false,
        includes_tax: false,
        metadata: { engraving: 'A' },
        subtotal: 1500,
        tax_total: 375,
        total: 1875,
      });
      expect(res.body.cart.items[0].variant.product.id).toBe(product.id);
      expect(res.body.cart).toMatchObject({ subtotal: 1500, item_tax_total: 375, tax_total: 375, total: 1875 });
    });

    it('merges a line of the same variant and metadata; different metadata makes a new line', async () => {
      const cart = await newCart();
      await add(cart.id, { variant_id: shop.variant.id, quantity: 1 }).expect(200);
      let res = await add(cart.id, { variant_id: shop.variant.id, quantity: 2 }).expect(200);
      expect(res.body.cart.items).toHaveLength(1);
      expect(res.body.cart.items[0].quantity).toBe(3);
      res = await add(cart.id, { variant_id: shop.variant.id, quantity: 1, metadata: { gift: true } }).expect(200);
      expect(res.body.cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([3, 1]);
    });

    it('re-prices a merged line for its new quantity (quantity tiers)', async () => {
      const product = await createProduct(t.dataSource.manager, {
        variants: [
          {
            prices: [
              { currency_code: 'eur', amount: 100 },
              { currency_code: 'eur', amount: 10, min_quantity: 5 },
            ],
          },
        ],
      });
      const cart = await newCart();
      let res = await add(cart.id, { variant_id: product.variants![0].id, quantity: 1 }).expect(200);
      expect(res.body.cart.items[0].unit_price).toBe(100);
      res = await add(cart.id, { variant_id: product.variants![0].id, quantity: 4 }).expect(200);
      expect(res.body.cart.items[0]).toMatchObject({ quantity: 5, unit_price: 10 });
    });

    it('checks stock for the merged quantity; backorderable and unmanaged variants pass', async () => {
      const m = t.dataSource.manager;
      const limited = await createProduct(m, { variants: [{ inventory_quantity: 3, prices: [{ currency_code: 'eur', amount: 100 }] }] });
      const backorder = await createProduct(m, {
        variants: [{ inventory_quantity: 0, allow_backorder: true, prices: [{ currency_code: 'eur', amount: 100 }] }],
      });
      const unmanaged = await createProduct(m, {
        variants: [{ inventory_quantity: 0, manage_inventory: false, prices: [{ currency_code: 'eur', amount: 100 }] }],
      });
      const cart = await newCart();
      await add(cart.id, { variant_id: limited.variants![0].id, quantity: 2 }).expect(200);
      const res = await add(cart.id, { variant_id: limited.variants![0].id, quantity: 2 }).expect(400);
      expect(res.body).toEqual({
        type: 'not_allowed',
        code: 'insufficient_inventory',
        message: `Variant with id: ${limited.variants![0].id} does not have the required inventory`,
      });
      await add(cart.id, { variant_id: backorder.variants![0].id, quantity: 5 }).expect(200);
      await add(cart.id, { variant_id: unmanaged.variants![0].id, quantity: 5 }).expect(200);
    });

    it('validates the body and the variant', async () => {
      const cart = await newCart();
      let res = await add(cart.id, { variant_id: shop.variant.id, quantity: 0 }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'quantity must not be less than 1' });
      res = await add(cart.id, { variant_id: shop.variant.id }).expect(400);
      expect(res.body.message).toContain('quantity must be an integer number');
      res = await add(cart.id, { variant_id: 'variant_nope', quantity: 1 }).expect(400);
      expect(res.body.message).toBe('Unable to generate the line items, some variant has not been found: variant_nope');
      res = await add('cart_nope', { variant_id: shop.variant.id, quantity: 1 }).expect(404);
      expect(res.body.message).toBe('Cart with cart_nope was not found');
    });

    it("refuses a product outside the cart's sales channel", async () => {
      const repo = t.dataSource.getRepository(SalesChannel);
      const channel = await repo.save(repo.create({ name: 'App', is_disabled: false, description: null, metadata: null }));
      const cart = await createCartViaApi(t, { region_id: shop.region.id, sales_channel_id: channel.id });
      const res = await add(cart.id, { variant_id: shop.variant.id, quantity: 1 }).expect(400);
      expect(res.body.message).toBe(`The products [${shop.product.title}] must belongs to the sales channel on which the cart has been created.`);
    });

    it('drops the shipping methods of the cart (their requirements depend on the items)', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const shipped = await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
      expect(shipped.body.cart.shipping_total).toBe(1000);
      expect(shipped.body.cart.items[0].has_shipping).toBe(true);
      const res = await add(cart.id, { variant_id: shop.variant.id, quantity: 1 }).expect(200);
      expect(res.body.cart.shipping_methods).toEqual([]);
      expect(res.body.cart.shipping_total).toBe(0);
      expect(res.body.cart.items[0].has_shipping).toBe(false);
    });

    it('a new line drops the shipping methods and gets its share of the discount, as the lines before it', async () => {
      const other = await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 10, prices: [{ currency_code: 'eur', amount: 3000 }] }] });
      const discount = await createDiscount(t.dataSource.manager, { regions: [shop.region.id], rule: { type: 'percentage', value: 10, allocation: 'item' } });
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ discounts: [{ code: discount.code }] })
        .expect(200);
      await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);

      const res = await add(cart.id, { variant_id: other.variants![0].id, quantity: 2 }).expect(200);
      expect(res.body.cart.shipping_methods).toEqual([]);
      expect(res.body.cart.items.map((i: { has_shipping: boolean }) => i.has_shipping)).toEqual([false, false]);
      const discounts = res.body.cart.items.map((i: { adjustments: Array<{ amount: number; discount_id: string }> }) =>
        i.adjustments.map((a) => [a.discount_id, a.amount]),
      );
      expect(discounts).toEqual([[[discount.id, 100]], [[discount.id, 600]]]);
      expect(res.body.cart.discount_total).toBe(700);
      expect((await t.http().get(`/store/carts/${cart.id}`).expect(200)).body).toEqual(res.body);
    });

    it('replays the stored response for a repeated Idempotency-Key instead of adding twice', async () => {
      const cart = await newCart();
      const key = `key-${cart.id}`;
      const first = await add(cart.id, { variant_id: shop.variant.id, quantity: 1 }, key).expect(200);
      expect(first.headers['idempotency-key']).toBe(key);
      const replay = await add(cart.id, { variant_id: shop.variant.id, quantity: 1 }, key).expect(200);
      expect(replay.body).toEqual(first.body);
      const current = await t.http().get(`/store/carts/${cart.id}`).expect(200);
      expect(current.body.cart.items[0].quantity).toBe(1);
    });

    it('409s a key already used for another cart or another route', async () => {
      const a = await newCart();
      const b = await newCart();
      const key = `shared-${a.id}`;
      await add(a.id, { variant_id: shop.variant.id, quantity: 1 }, key).expect(200);
      let res = await add(b.id, { variant_id: shop.variant.id, quantity: 1 }, key).expect(409);
      expect(res.body).toEqual({
        type: 'conflict',
        code: 'idempotency_key_reused',
        message: `The Idempotency-Key ${key} was already used for another request`,
      });
      res = await t.http().post(`/store/carts/${a.id}/taxes`).set('Idempotency-Key', key).expect(409);
      expect(res.body.type).toBe('conflict');
    });

    it('does not record failures: a retry with the same key runs again', async () => {
      const product = await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 100 }] }] });
      const cart = await newCart();
      const key = `retry-${cart.id}`;
      await add(cart.id, { variant_id: product.variants![0].id, quantity: 1 }, key).expect(400);
      await t.dataSource.query('UPDATE product_variant SET inventory_quantity = 5 WHERE id = $1', [product.variants![0].id]);
      const res = await add(cart.id, { variant_id: product.variants![0].id, quantity: 1 }, key).expect(200);
      expect(res.body.cart.items).toHaveLength(1);
    });
  });

  describe('POST /:line_id (update)', () => {
    it('sets the quantity, re-prices for it and merges metadata ("" deletes a key)', async () => {
      const product = await createProduct(t.dataSource.manager, {
        variants: [
          {
            prices: [
              { currency_code: 'eur', amount: 100 },
              { currency_code: 'eur', amount: 10, min_quantity: 5 },
            ],
          },
        ],
      });
      const cart = await newCart();
      const added = await add(cart.id, { variant_id: product.variants![0].id, quantity: 1, metadata: { keep: 1, drop: 2 } }).expect(200);
      const lineId = added.body.cart.items[0].id;
      const res = await t
        .http()
        .post(`/store/carts/${cart.id}/line-items/${lineId}`)
        .send({ quantity: 5, metadata: { drop: '', add: 3 } })
        .expect(200);
      expect(res.body.cart.items[0]).toMatchObject({ quantity: 5, unit_price: 10, metadata: { keep: 1, add: 3 } });
      expect(res.body.cart.subtotal).toBe(50);
    });

    it('checks stock for the new quantity', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const res = await t.http().post(`/store/carts/${cart.id}/line-items/${cart.items[0].id}`).send({ quantity: 11 }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', code: 'insufficient_inventory', message: "Inventory doesn't cover the desired quantity" });
    });

    it('deletes the line on quantity 0', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const res = await t.http().post(`/store/carts/${cart.id}/line-items/${cart.items[0].id}`).send({ quantity: 0 }).expect(200);
      expect(res.body.cart.items).toEqual([]);
      expect(res.body.cart.total).toBe(0);
    });

    it('400s a line that is not in the cart and a negative quantity', async () => {
      const other = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const cart = await newCart();
      let res = await t.http().post(`/store/carts/${cart.id}/line-items/${other.items[0].id}`).send({ quantity: 2 }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Could not find the line item' });
      res = await t.http().post(`/store/carts/${cart.id}/line-items/${other.items[0].id}`).send({ quantity: -1 }).expect(400);
      expect(res.body.message).toBe('quantity must not be less than 0');
    });
  });

  describe('DELETE /:line_id', () => {
    it('removes the line and rebuilds the discount adjustments of the remaining ones', async () => {
      const m = t.dataSource.manager;
      const cheap = await createProduct(m, { variants: [{ prices: [{ currency_code: 'eur', amount: 100 }] }] });
      const dear = await createProduct(m, { variants: [{ prices: [{ currency_code: 'eur', amount: 1900 }] }] });
      const discount = await createDiscount(m, { rule: { type: 'fixed', value: 185, allocation: 'total' }, regions: [shop.region.id] });
      const cart = await createCartViaApi(t, {
        region_id: shop.region.id,
        items: [
          { variant_id: cheap.variants![0].id, quantity: 1 },
          { variant_id: dear.variants![0].id, quantity: 1 },
        ],
      });
      const applied = await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ discounts: [{ code: discount.code }] })
        .expect(200);
      const amounts = applied.body.cart.items.map((i: { adjustments: Array<{ amount: number }> }) => i.adjustments[0].amount);
      expect(amounts[0] + amounts[1]).toBe(185);
      const res = await t.http().delete(`/store/carts/${cart.id}/line-items/${applied.body.cart.items[0].id}`).expect(200);
      expect(res.body.cart.items).toHaveLength(1);
      expect(res.body.cart.items[0].adjustments).toEqual([expect.objectContaining({ amount: 185, discount_id: discount.id, description: 'discount' })]);
      expect(res.body.cart.discount_total).toBe(185);
    });

    it('answers the unchanged cart for a line that is not in it', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      const res = await t.http().delete(`/store/carts/${cart.id}/line-items/item_nope`).expect(200);
      expect(res.body.cart.items).toHaveLength(1);
      await t.http().delete('/store/carts/cart_nope/line-items/item_nope').expect(404);
    });
  });
});

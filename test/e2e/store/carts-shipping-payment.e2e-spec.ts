import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';

describe('Store cart shipping methods, payment sessions and taxes', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const cartWith = (quantity = 1, regionId = shop.region.id, variantId = shop.variant.id) =>
    createCartViaApi(t, { region_id: regionId, items: [{ variant_id: variantId, quantity }] });
  const addMethod = (cartId: string, body: Record<string, unknown>) => t.http().post(`/store/carts/${cartId}/shipping-methods`).send(body);

  describe('POST /store/carts/:id/shipping-methods', () => {
    it("adds a method priced from the option, with its tax, and marks the items' shipping", async () => {
      const cart = await cartWith(2);
      const res = await addMethod(cart.id, { option_id: shop.shippingOption.id, data: { locker: 'A1' } }).expect(200);
      const c = res.body.cart;
      expect(c.shipping_methods).toHaveLength(1);
      expect(c.shipping_methods[0]).toMatchObject({
        id: expect.stringMatching(/^sm_/),
        shipping_option_id: shop.shippingOption.id,
        cart_id: cart.id,
        order_id: null,
        price: 1000,
        data: { locker: 'A1' },
        subtotal: 1000,
        tax_total: 250,
        total: 1250,
      });
      expect(c.shipping_methods[0].shipping_option.id).toBe(shop.shippingOption.id);
      expect(c.shipping_methods[0].tax_lines).toEqual([{ rate: 25, name: 'default', code: 'default', shipping_method_id: c.shipping_methods[0].id }]);
      expect(c.items[0].has_shipping).toBe(true);
      expect(c).toMatchObject({ subtotal: 2000, shipping_total: 1000, shipping_tax_total: 250, item_tax_total: 500, tax_total: 750, total: 3750 });
    });

    it('keeps one method per shipping profile: a second option of the profile replaces the first', async () => {
      const express = await createShippingOption(t.dataSource.manager, { region_id: shop.region.id, name: 'Express', amount: 500 });
      const giftProfileOption = await createShippingOption(t.dataSource.manager, {
        region_id: shop.region.id,
        name: 'E-mail',
        amount: 0,
        profile_id: 'sp_gift_card',
      });
      const cart = await cartWith();
      await addMethod(cart.id, { option_id: shop.shippingOption.id }).expect(200);
      let res = await addMethod(cart.id, { option_id: express.id }).expect(200);
      expect(res.body.cart.shipping_methods.map((m: { shipping_option_id: string }) => m.shipping_option_id)).toEqual([express.id]);
      expect(res.body.cart.shipping_total).toBe(500);
      res = await addMethod(cart.id, { option_id: giftProfileOption.id }).expect(200);
      expect(res.body.cart.shipping_methods).toHaveLength(2);
    });

    it('marks only the items whose shipping profile has a method, through replacements of either profile', async () => {
      const m = t.dataSource.manager;
      const express = await createShippingOption(m, { region_id: shop.region.id, name: 'Express', amount: 500 });
      const giftOption = await createShippingOption(m, { region_id: shop.region.id, name: 'E-mail', amount: 0, profile_id: 'sp_gift_card' });
      const giftOption2 = await createShippingOption(m, { region_id: shop.region.id, name: 'Post', amount: 0, profile_id: 'sp_gift_card' });
      const card = await createProduct(m, { profile_id: 'sp_gift_card' });
      const cart = await createCartViaApi(t, {
        region_id: shop.region.id,
        items: [
          { variant_id: shop.variant.id, quantity: 1 },
          { variant_id: card.variants![0].id, quantity: 1 },
        ],
      });
      const shipped = (res: { body: { cart: { items: Array<{ variant_id: string; has_shipping: boolean }> } } }) =>
        Object.fromEntries(res.body.cart.items.map((i) => [i.variant_id === shop.variant.id ? 'default' : 'gift', i.has_shipping]));
      let res = await addMethod(cart.id, { option_id: shop.shippingOption.id }).expect(200);
      expect(shipped(res)).toEqual({ default: true, gift: false });
      res = await addMethod(cart.id, { option_id: giftOption.id }).expect(200);
      expect(shipped(res)).toEqual({ default: true, gift: true });
      res = await addMethod(cart.id, { option_id: express.id }).expect(200);
      expect(shipped(res)).toEqual({ default: true, gift: true });
      res = await addMethod(cart.id, { option_id: giftOption2.id }).expect(200);
      expect(shipped(res)).toEqual({ default: true, gift: true });
      expect(res.body.cart.shipping_methods.map((sm: { shipping_option_id: string }) => sm.shipping_option_id).sort()).toEqual(
        [express.id, giftOption2.id].sort(),
      );
      const rows: Array<{ has_shipping: boolean }> = await m.query('SELECT has_shipping FROM line_item WHERE cart_id = $1', [cart.id]);
      expect(rows.map((r) => r.has_shipping)).toEqual([true, true]);
    });

    it("enforces the option's requirements on the cart subtotal (min inclusive, max strict)", async () => {
      const m = t.dataSource.manager;
      const min = await createShippingOption(m, { region_id: shop.region.id, requirements: [{ type: 'min_subtotal', amount: 2000 }] });
      const max = await createShippingOption(m, { region_id: shop.region.id, requirements: [{ type: 'max_subtotal', amount: 2000 }] });
      const one = await cartWith(1);
      const two = await cartWith(2);
      let res = await addMethod(one.id, { option_id: min.id }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: "The Cart does not satisfy the shipping option's requirements" });
      await addMethod(two.id, { option_id: min.id }).expect(200);
      res = await addMethod(two.id, { option_id: max.id }).expect(400);
      expect(res.body.type).toBe('not_allowed');
      await addMethod(one.id, { option_id: max.id }).expect(200);
      // The requirements are checked after the method is written: a refusal rolls it back,
      // and the method of the same profile it would have replaced stays.
      const after = await t.http().get(`/store/carts/${two.id}`).expect(200);
      expect(after.body.cart.shipping_methods.map((sm: { shipping_option_id: string }) => sm.shipping_option_id)).toEqual([min.id]);
      const stored: Array<{ shipping_option_id: string }> = await m.query('SELECT shipping_option_id FROM shipping_method WHERE cart_id = $1', [two.id]);
      expect(stored.map((r) => r.shipping_option_id)).toEqual([min.id]);
      const items: Array<{ has_shipping: boolean }> = await m.query('SELECT has_shipping FROM line_item WHERE cart_id = $1', [one.id]);
      expect(items.map((r) => r.has_shipping)).toEqual([true]);
    });

    it('refuses options of another region, admin-only, return and calculated options, and unknown ids', async () => {
      const m = t.dataSource.manager;
      const other = await createRegion(m, { name: 'UK', currency_code: 'gbp', countries: ['gb'] });
      const foreign = await createShippingOption(m, { region_id: other.id });
      const adminOnly = await createShippingOption(m, { region_id: shop.region.id, admin_only: true });
      const returns = await createShippingOption(m, { region_id: shop.region.id, is_return: true });
      const calculated = await createShippingOption(m, { region_id: shop.region.id, price_type: 'calculated', amount: null });
      const cart = await cartWith();
      let res = await addMethod(cart.id, { option_id: foreign.id }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: "The shipping option is not available in the cart's region" });
      await addMethod(cart.id, { option_id: adminOnly.id }).expect(400);
      await addMethod(cart.id, { option_id: returns.id }).expect(400);
      res = await addMethod(cart.id, { option_id: calculated.id }).expect(400);
      expect(res.body.type).toBe('not_allowed');
      res = await addMethod(cart.id, { option_id: 'so_nope' }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Shipping Option with so_nope was not found' });
      res = await addMethod(cart.id, {}).expect(400);
      expect(res.body.message).toContain('option_id');
      await addMethod('cart_nope', { option_id: shop.shippingOption.id }).expect(404);
    });
  });

  describe('payment sessions', () => {
    const sessions = (cart: { payment_sessions: Array<Record<string, unknown>> }) =>
      Object.fromEntries(cart.payment_sessions.map((s) => [s.provider_id as string, s]));

    it('creates one uninitiated session per region provider for the taxed total, idempotently', async () => {
      const cart = await cartWith(2);
      const res = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      expect(res.headers['idempotency-key']).toBeDefined();
      const byProvider = sessions(res.body.cart);
      expect(Object.keys(byProvider).sort()).toEqual(['manual', 'test']);
      for (const s of Object.values(byProvider)) {
        expect(s).toMatchObject({ cart_id: cart.id, is_selected: null, is_initiated: false, status: 'pending', data: {}, amount: 2500 });
        expect(s.id).toMatch(/^ps_/);
      }
      expect(res.body.cart).not.toHaveProperty('payment_session');
      const replay = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).set('Idempotency-Key', res.headers['idempotency-key']).expect(200);
      expect(replay.body).toEqual(res.body);
      const again = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      expect(again.body.cart.payment_sessions.map((s: { id: string }) => s.id).sort()).toEqual(
        res.body.cart.payment_sessions.map((s: { id: string }) => s.id).sort(),
      );
    });

    it('answers the cart as GET then shows it, whether sessions are created, selected at once or follow a new total', async () => {
      const getCart = async (id: string) => (await t.http().get(`/store/carts/${id}`).expect(200)).body;
      const created = await cartWith(2);
      const first = await t.http().post(`/store/carts/${created.id}/payment-sessions`).expect(200);
      expect(first.body.cart.payment_sessions).toHaveLength(2);
      expect(first.body).toEqual(await getCart(created.id));

      await t.http().post(`/store/carts/${created.id}/payment-session`).send({ provider_id: 'manual' }).expect(200);
      await t.http().post(`/store/carts/${created.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
      const followed = await t.http().post(`/store/carts/${created.id}/payment-sessions`).expect(200);
      expect(followed.body.cart.payment_session).toMatchObject({ provider_id: 'manual', amount: followed.body.cart.total });
      expect(followed.body).toEqual(await getCart(created.id));

      const region = await createRegion(t.dataSource.manager, { name: 'Solo answer', countries: ['lu'], payment_provider_ids: ['manual'] });
      const solo = await cartWith(1, region.id);
      const selected = await t.http().post(`/store/carts/${solo.id}/payment-sessions`).expect(200);
      expect(selected.body.cart.payment_session).toMatchObject({ provider_id: 'manual', is_selected: true });
      expect(selected.body).toEqual(await getCart(solo.id));
    });

    it('with a single region provider, creates its session at the provider and selects it', async () => {
      const region = await createRegion(t.dataSource.manager, { name: 'Solo', countries: ['at'], payment_provider_ids: ['manual'] });
      const cart = await cartWith(1, region.id);
      const res = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      expect(res.body.cart.payment_sessions).toHaveLength(1);
      expect(res.body.cart.payment_session).toMatchObject({
        provider_id: 'manual',
        is_selected: true,
        is_initiated: true,
        status: 'pending',
        data: { status: 'pending' },
        amount: 1250,
      });
    });

    it('creates no session for a cart with nothing to pay', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id });
      const res = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      expect(res.body.cart.payment_sessions).toEqual([]);
    });

    it('selects a provider, releasing the previous selection', async () => {
      const cart = await cartWith();
      await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      let res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'manual' }).expect(200);
      expect(res.body.cart.payment_session).toMatchObject({ provider_id: 'manual', is_selected: true, is_initiated: true, data: { status: 'pending' } });
      res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'test' }).expect(200);
      const byProvider = sessions(res.body.cart);
      expect(byProvider.manual).toMatchObject({ is_selected: null, is_initiated: false });
      expect(byProvider.test).toMatchObject({ is_selected: true, is_initiated: true, data: { amount: 1250 } });
      expect(res.body.cart.payment_session.provider_id).toBe('test');
    });

    it('creates the session when selecting a region provider that has none yet; refuses providers outside the region', async () => {
      const cart = await cartWith();
      let res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'test' }).expect(200);
      expect(res.body.cart.payment_sessions).toHaveLength(1);
      res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'stripe' }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: 'The payment method is not available in this region' });
      res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({}).expect(400);
      expect(res.body.message).toContain('provider_id');
      // `system` captures without taking money: never offered unless the region lists it.
      res = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'system' }).expect(400);
      expect(res.body.message).toBe('The payment method is not available in this region');
    });

    it('updates session data (selecting the provider) and deletes sessions', async () => {
      const cart = await cartWith();
      await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      let res = await t
        .http()
        .post(`/store/carts/${cart.id}/payment-sessions/test`)
        .send({ data: { status: 'requires_more', token: 'x' } })
        .expect(200);
      expect(res.body.cart.payment_session).toMatchObject({ provider_id: 'test', data: { amount: 1250, status: 'requires_more', token: 'x' } });
      res = await t.http().post(`/store/carts/${cart.id}/payment-sessions/test`).send({}).expect(400);
      expect(res.body.message).toContain('data must be an object');
      res = await t.http().delete(`/store/carts/${cart.id}/payment-sessions/test`).expect(200);
      expect(res.body.cart.payment_sessions.map((s: { provider_id: string }) => s.provider_id)).toEqual(['manual']);
      expect(res.body.cart).not.toHaveProperty('payment_session');
      res = await t.http().delete(`/store/carts/${cart.id}/payment-sessions/test`).expect(200);
      expect(res.body.cart.payment_sessions).toHaveLength(1);
    });

    it('refreshes a selected session in place (still selected, same id) for the current total', async () => {
      const cart = await cartWith();
      await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      const selected = await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'test' }).expect(200);
      const id = selected.body.cart.payment_session.id;
      await t.dataSource.query('UPDATE payment_session SET amount = 1 WHERE id = $1', [id]);
      const res = await t.http().post(`/store/carts/${cart.id}/payment-sessions/test/refresh`).expect(200);
      expect(res.body.cart.payment_session).toMatchObject({ id, is_selected: true, amount: 1250, status: 'pending' });
      await t.http().post(`/store/carts/${cart.id}/payment-sessions/stripe/refresh`).expect(200);
    });

    it('sessions follow the cart total when the cart changes; a region change removes them', async () => {
      const cart = await cartWith();
      await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'test' }).expect(200);
      let res = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
      expect(res.body.cart.payment_sessions.length).toBeGreaterThan(0);
      expect(res.body.cart.payment_sessions.every((s: { amount: number }) => s.amount === 2500)).toBe(true);
      expect(res.body.cart.payment_session.data.amount).toBe(2500);
      res = await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
      expect(res.body.cart.payment_session.amount).toBe(3750);
      const other = await createRegion(t.dataSource.manager, { name: 'Belgium', countries: ['be'] });
      res = await t.http().post(`/store/carts/${cart.id}`).send({ region_id: other.id }).expect(200);
      expect(res.body.cart.payment_sessions).toEqual([]);
    });
  });

  describe('POST /store/carts/:id/taxes', () => {
    it('computes taxes for a region without automatic taxes, persisting nothing', async () => {
      const m = t.dataSource.manager;
      const manual = await createRegion(m, { name: 'Manual tax', currency_code: 'usd', tax_rate: 12, automatic_taxes: false, countries: ['ca'] });
      const product = await createProduct(m, { variants: [{ prices: [{ currency_code: 'usd', amount: 100 }] }] });
      const cart = await cartWith(1, manual.id, product.variants![0].id);
      expect(cart).toMatchObject({ tax_total: 0, total: 100 });
      expect(cart.items[0].tax_lines).toEqual([]);
      const res = await t.http().post(`/store/carts/${cart.id}/taxes`).expect(200);
      expect(res.headers['idempotency-key']).toBeDefined();
      expect(res.body.cart).toMatchObject({ tax_total: 12, item_tax_total: 12, total: 112 });
      expect(res.body.cart.items[0].tax_lines).toEqual([expect.objectContaining({ rate: 12, code: 'default' })]);
      const after = await t.http().get(`/store/carts/${cart.id}`).expect(200);
      expect(after.body.cart.tax_total).toBe(0);
      expect(await t.dataSource.query('SELECT 1 FROM line_item_tax_line WHERE item_id = $1', [cart.items[0].id])).toEqual([]);
      const sessions = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
      expect(sessions.body.cart.total).toBe(112);
      expect(sessions.body.cart.payment_sessions[0].amount).toBe(112);
      await t.http().post('/store/carts/cart_nope/taxes').expect(404);
    });
  });
});

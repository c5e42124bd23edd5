import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, customerAuth, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';

describe('Store cart completion (POST /store/carts/:id/complete)', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  const stock = async (variantId: string) =>
    (await t.dataSource.query('SELECT inventory_quantity FROM product_variant WHERE id = $1', [variantId]))[0].inventory_quantity;
  const orderCount = async (cartId: string) => Number((await t.dataSource.query('SELECT count(*) FROM "order" WHERE cart_id = $1', [cartId]))[0].count);
  const complete = (cartId: string, key?: string) => {
    const req = t.http().post(`/store/carts/${cartId}/complete`);
    if (key) req.set('Idempotency-Key', key);
    return req;
  };
  const readyCart = async (quantity = 2, variantId = shop.variant.id, provider = 'manual') => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: variantId, quantity }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider });
    return cart;
  };

  it('places the order: items, shipping, payment, persisted tax lines, frozen totals, stock decremented', async () => {
    const before = await stock(shop.variant.id);
    const cart = await readyCart(2);
    const res = await complete(cart.id).expect(200);
    expect(res.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.type).toBe('order');
    const order = res.body.data;
    expect(order).toMatchObject({
      object: 'order',
      id: expect.stringMatching(/^order_/),
      status: 'pending',
      fulfillment_status: 'not_fulfilled',
      payment_status: 'awaiting',
      cart_id: cart.id,
      email: 'shopper@test.com',
      currency_code: 'eur',
      region_id: shop.region.id,
      tax_rate: null,
      subtotal: 2000,
      shipping_total: 1000,
      item_tax_total: 500,
      shipping_tax_total: 250,
      tax_total: 750,
      discount_total: 0,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 3750,
      paid_total: 3750,
      refunded_total: 0,
      refundable_amount: 3750,
    });
    expect(order.display_id).toEqual(expect.any(Number));
    expect(order.customer_id).toMatch(/^cus_/);
    expect(order.shipping_address.country_code).toBe('de');
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({ order_id: order.id, cart_id: cart.id, quantity: 2, subtotal: 2000, tax_total: 500, total: 2500, refundable: 2500 });
    expect(order.items[0].tax_lines).toEqual([
      expect.objectContaining({ id: expect.stringMatching(/^litl_/), rate: 25, code: 'default', item_id: order.items[0].id }),
    ]);
    expect(order.shipping_methods[0]).toMatchObject({ order_id: order.id, price: 1000, total: 1250 });
    expect(order.shipping_methods[0].tax_lines[0].id).toMatch(/^smtl_/);
    expect(order.payments).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^pay_/),
        amount: 3750,
        currency_code: 'eur',
        provider_id: 'manual',
        order_id: order.id,
        captured_at: null,
      }),
    ]);
    expect(await stock(shop.variant.id)).toBe(before - 2);
    const completedCart = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(completedCart.body.cart.completed_at).not.toBeNull();
    expect(completedCart.body.cart.payment_authorized_at).not.toBeNull();
    expect(completedCart.body.cart.payment_id).toBe(order.payments[0].id);
    expect(completedCart.body.cart.payment_session).toMatchObject({ status: 'authorized', data: { status: 'authorized' } });
    expect(completedCart.body.cart.total).toBe(3750);
  });

  it('gives orders sequential display ids', async () => {
    const a = await complete((await readyCart(1)).id).expect(200);
    const b = await complete((await readyCart(1)).id).expect(200);
    expect(b.body.data.display_id).toBe(a.body.data.display_id + 1);
  });

  it('answers the same order when a completed cart is completed again; replays a key verbatim', async () => {
    const cart = await readyCart(1);
    const first = await complete(cart.id, `k-${cart.id}`).expect(200);
    const replay = await complete(cart.id, `k-${cart.id}`).expect(200);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers['idempotency-key']).toBe(`k-${cart.id}`);
    const again = await complete(cart.id).expect(200);
    expect(again.body.type).toBe('order');
    expect(again.body.data.id).toBe(first.body.data.id);
    const deprecated = await t.http().post(`/store/carts/${cart.id}/complete-cart`).expect(200);
    expect(deprecated.body.data.id).toBe(first.body.data.id);
    expect(await orderCount(cart.id)).toBe(1);
  });

  it('409s a key that belongs to another cart', async () => {
    const a = await readyCart(1);
    const b = await readyCart(1);
    await complete(a.id, `only-${a.id}`).expect(200);
    const res = await complete(b.id, `only-${a.id}`).expect(409);
    expect(res.body.type).toBe('conflict');
    expect(await orderCount(b.id)).toBe(0);
  });

  it('answers {type: "cart"} and changes nothing when the payment requires more; a new attempt can then succeed', async () => {
    const before = await stock(shop.variant.id);
    const cart = await readyCart(1, shop.variant.id, 'test');
    await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/test`)
      .send({ data: { status: 'requires_more' } })
      .expect(200);
    const res = await complete(cart.id, `more-${cart.id}`).expect(200);
    expect(res.body).toMatchObject({ type: 'cart', payment_status: 'requires_more' });
    expect(res.body.data).toMatchObject({ id: cart.id, object: 'cart', completed_at: null, total: 2500 });
    expect(res.body.data.payment_session).toMatchObject({ provider_id: 'test', status: 'requires_more' });
    expect(await orderCount(cart.id)).toBe(0);
    expect(await stock(shop.variant.id)).toBe(before);
    const stored = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(stored.body.cart.payment_session.status).toBe('requires_more');
    const replay = await complete(cart.id, `more-${cart.id}`).expect(200);
    expect(replay.body).toEqual(res.body);

    await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/test`)
      .send({ data: { status: 'authorized' } })
      .expect(200);
    const done = await complete(cart.id).expect(200);
    expect(done.body.type).toBe('order');
    expect(done.body.data.payments[0]).toMatchObject({ provider_id: 'test', amount: 2500 });
  });

  it('400s a payment the provider refuses, keeping nothing', async () => {
    const cart = await readyCart(1, shop.variant.id, 'test');
    await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/test`)
      .send({ data: { status: 'error' } })
      .expect(200);
    const res = await complete(cart.id).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: 'Cart payment not authorized' });
    expect(await orderCount(cart.id)).toBe(0);
  });

  it('409s insufficient inventory, changes nothing (stock, discount uses, gift card balance) and replays the 409', async () => {
    const m = t.dataSource.manager;
    const product = await createProduct(m, { variants: [{ inventory_quantity: 5, prices: [{ currency_code: 'eur', amount: 1000 }] }] });
    const variantId = product.variants![0].id;
    const discount = await createDiscount(m, { regions: [shop.region.id], usage_limit: 10 });
    const card = await createGiftCard(m, { region_id: shop.region.id, value: 500 });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: variantId, quantity: 5 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }], gift_cards: [{ code: card.code }] })
      .expect(200);
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    await t.dataSource.query('UPDATE product_variant SET inventory_quantity = 4 WHERE id = $1', [variantId]);
    const key = `inv-${cart.id}`;
    const res = await complete(cart.id, key).expect(409);
    expect(res.body).toEqual({
      type: 'not_allowed',
      code: 'insufficient_inventory',
      message: `Variant with id: ${variantId} does not have the required inventory`,
    });
    expect(await stock(variantId)).toBe(4);
    expect(await orderCount(cart.id)).toBe(0);
    expect((await t.dataSource.query('SELECT usage_count FROM discount WHERE id = $1', [discount.id]))[0].usage_count).toBe(0);
    expect((await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [card.id]))[0].balance).toBe(500);
    expect(await t.dataSource.query('SELECT 1 FROM line_item_tax_line WHERE item_id = $1', [cart.items[0].id])).toEqual([]);
    const replay = await complete(cart.id, key).expect(409);
    expect(replay.body).toEqual(res.body);
    await t.dataSource.query('UPDATE product_variant SET inventory_quantity = 5 WHERE id = $1', [variantId]);
    await complete(cart.id).expect(200);
    expect(await stock(variantId)).toBe(0);
  });

  it('reserves stock for every variant of the cart at once: unmanaged left alone, backorder below zero, a shortfall names the first short variant and keeps every stock', async () => {
    const m = t.dataSource.manager;
    const eur = [{ currency_code: 'eur', amount: 1000 }];
    const product = await createProduct(m, {
      variants: [
        { inventory_quantity: 3, prices: eur },
        { inventory_quantity: 1, allow_backorder: true, prices: eur },
        { inventory_quantity: 0, manage_inventory: false, prices: eur },
        { inventory_quantity: 2, prices: eur },
      ],
    });
    const [stocked, backordered, unmanaged, scarce] = product.variants!;
    const items = (scarceQuantity: number) => [
      { variant_id: stocked.id, quantity: 3 },
      { variant_id: backordered.id, quantity: 2 },
      { variant_id: unmanaged.id, quantity: 5 },
      { variant_id: scarce.id, quantity: scarceQuantity },
    ];
    const stocks = async () => Promise.all([stocked, backordered, unmanaged, scarce].map((v) => stock(v.id)));

    const short = await createCartViaApi(t, { region_id: shop.region.id, items: items(2) });
    await prepareCheckout(t, short.id, { optionId: shop.shippingOption.id });
    await t.dataSource.query('UPDATE product_variant SET inventory_quantity = 1 WHERE id = $1', [scarce.id]);
    const res = await complete(short.id).expect(409);
    expect(res.body).toEqual({
      type: 'not_allowed',
      code: 'insufficient_inventory',
      message: `Variant with id: ${scarce.id} does not have the required inventory`,
    });
    expect(await stocks()).toEqual([3, 1, 0, 1]);
    expect(await orderCount(short.id)).toBe(0);

    const enough = await createCartViaApi(t, { region_id: shop.region.id, items: items(1) });
    await prepareCheckout(t, enough.id, { optionId: shop.shippingOption.id });
    await complete(enough.id).expect(200);
    expect(await stocks()).toEqual([0, -1, 0, 0]);
  });

  it('refuses empty carts, carts without a customer and carts without a selected payment session', async () => {
    const empty = await createCartViaApi(t, { region_id: shop.region.id });
    await t.http().post(`/store/carts/${empty.id}`).send({ email: 'x@test.com' }).expect(200);
    let res = await complete(empty.id).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: 'Cannot create order from empty cart' });
    const anonymous = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    res = await complete(anonymous.id).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: 'Cannot create an order from the cart without a customer' });
    await t.http().post(`/store/carts/${anonymous.id}`).send({ email: 'y@test.com' }).expect(200);
    res = await complete(anonymous.id).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'You cannot complete a cart without a payment session.' });
    await complete('cart_nope').expect(404);
  });

  it('places an order without payment when gift cards cover everything, drawing their balance', async () => {
    const card = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, value: 10000 });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const updated = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ email: 'gc@test.com', gift_cards: [{ code: card.code }] })
      .expect(200);
    expect(updated.body.cart).toMatchObject({ gift_card_total: 1000, total: 250 });
    await t.dataSource.query('UPDATE region SET gift_cards_taxable = false WHERE id = $1', [shop.region.id]);
    try {
      const res = await complete(cart.id).expect(200);
      expect(res.body.data).toMatchObject({ total: 0, gift_card_total: 1250, payments: [], paid_total: 0 });
      expect(res.body.data.gift_cards.map((g: { id: string }) => g.id)).toEqual([card.id]);
      expect(res.body.data.gift_card_transactions).toEqual([expect.objectContaining({ gift_card_id: card.id, order_id: res.body.data.id, amount: 1250 })]);
      expect((await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [card.id]))[0].balance).toBe(8750);
    } finally {
      await t.dataSource.query('UPDATE region SET gift_cards_taxable = true WHERE id = $1', [shop.region.id]);
    }
  });

  it('consumes one use of each discount and re-checks the limit at completion', async () => {
    const m = t.dataSource.manager;
    const limited = await createDiscount(m, { regions: [shop.region.id], usage_limit: 1 });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: limited.code }] })
      .expect(200);
    await prepareCheckout(t, cart.id);
    await t.dataSource.query('UPDATE discount SET usage_count = 1 WHERE id = $1', [limited.id]);
    const refused = await complete(cart.id).expect(400);
    expect(refused.body).toEqual({ type: 'not_allowed', message: `Discount ${limited.code} has been used maximum allowed times` });
    expect(await orderCount(cart.id)).toBe(0);
    await t.dataSource.query('UPDATE discount SET usage_count = 0 WHERE id = $1', [limited.id]);
    const res = await complete(cart.id).expect(200);
    expect(res.body.data.discounts.map((d: { id: string }) => d.id)).toEqual([limited.id]);
    expect(res.body.data.discount_total).toBe(100);
    expect((await t.dataSource.query('SELECT usage_count FROM discount WHERE id = $1', [limited.id]))[0].usage_count).toBe(1);
  });

  it('leaves unmanaged stock alone and lets backorderable stock go negative', async () => {
    const m = t.dataSource.manager;
    const unmanaged = (
      await createProduct(m, { variants: [{ inventory_quantity: 0, manage_inventory: false, prices: [{ currency_code: 'eur', amount: 100 }] }] })
    ).variants![0].id;
    const backorder = (
      await createProduct(m, { variants: [{ inventory_quantity: 1, allow_backorder: true, prices: [{ currency_code: 'eur', amount: 100 }] }] })
    ).variants![0].id;
    const cart = await createCartViaApi(t, {
      region_id: shop.region.id,
      items: [
        { variant_id: unmanaged, quantity: 3 },
        { variant_id: backorder, quantity: 3 },
      ],
    });
    await prepareCheckout(t, cart.id);
    await complete(cart.id).expect(200);
    expect(await stock(unmanaged)).toBe(0);
    expect(await stock(backorder)).toBe(-2);
  });

  it('issues one gift card per unit of a gift-card product bought', async () => {
    const giftProduct = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      profile_id: 'sp_gift_card',
      discountable: false,
      variants: [{ prices: [{ currency_code: 'eur', amount: 3000 }] }],
    });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: giftProduct.variants![0].id, quantity: 2 }] });
    await prepareCheckout(t, cart.id);
    const res = await complete(cart.id).expect(200);
    const cards = await t.dataSource.query('SELECT code, value, balance, tax_rate, region_id, order_id FROM gift_card WHERE order_id = $1', [res.body.data.id]);
    expect(cards).toHaveLength(2);
    for (const card of cards)
      expect(card).toMatchObject({
        value: 3000,
        balance: 3000,
        tax_rate: 25,
        region_id: shop.region.id,
        code: expect.stringMatching(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/),
      });
    expect(cards[0].code).not.toBe(cards[1].code);
  });

  it('captures at once with the system provider (in a region that lists it)', async () => {
    const region = await createRegion(t.dataSource.manager, { name: 'Invoiced', countries: ['nl'], payment_provider_ids: ['manual', 'system'] });
    const cart = await createCartViaApi(t, { region_id: region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await prepareCheckout(t, cart.id, { provider: 'system', country: 'nl' });
    const res = await complete(cart.id).expect(200);
    expect(res.body.data.payment_status).toBe('captured');
    expect(res.body.data.payments[0].captured_at).not.toBeNull();
  });

  it('attaches the logged-in customer to a customer-less cart', async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret1' });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'manual' }).expect(200);
    const res = await complete(cart.id).set(customerAuth(t, customer.id)).expect(200);
    expect(res.body.data).toMatchObject({ customer_id: customer.id, email: customer.email });
  });

  it('freezes a completed cart: every change is refused', async () => {
    const cart = await readyCart(1);
    await complete(cart.id).expect(200);
    const expected = { type: 'not_allowed', message: 'The cart has been completed and can no longer be changed' };
    expect((await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(400)).body).toEqual(expected);
    expect((await t.http().post(`/store/carts/${cart.id}`).send({ email: 'z@test.com' }).expect(400)).body).toEqual(expected);
    expect((await t.http().post(`/store/carts/${cart.id}/line-items/${cart.items[0].id}`).send({ quantity: 5 }).expect(400)).body).toEqual(expected);
    expect((await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(400)).body).toEqual(expected);
    expect((await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(400)).body).toEqual(expected);
  });
});

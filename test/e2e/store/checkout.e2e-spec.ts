import { createTestApp, TestApp } from '../../helpers/app';
import { createShop, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';

/**
 * A whole storefront checkout over HTTP, asserting every total at every step. The numbers
 * are medusa-v1-store.md 7.6's worked examples (region rate 25 %, items A 1000 and B 500,
 * flat shipping 200).
 */
describe('Checkout from an empty cart to an order', () => {
  let t: TestApp;
  let shop: Shop;
  let variantA: string;
  let variantB: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m, { shippingAmount: 200, product: { variants: [{ inventory_quantity: 20, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
    variantA = shop.variant.id;
    variantB = (await createProduct(m, { variants: [{ inventory_quantity: 20, prices: [{ currency_code: 'eur', amount: 500 }] }] })).variants![0].id;
  });
  afterAll(() => t.close());

  const pick = (o: Record<string, number>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
  const CART_KEYS = [
    'subtotal',
    'discount_total',
    'item_tax_total',
    'shipping_total',
    'shipping_tax_total',
    'tax_total',
    'gift_card_total',
    'gift_card_tax_total',
    'total',
  ];
  const LINE_KEYS = ['subtotal', 'discount_total', 'tax_total', 'total', 'original_total', 'original_tax_total'];

  it('example 1: 10 % discount and a taxable gift card of 300 — total 1563, order tax_total 313', async () => {
    const m = t.dataSource.manager;
    const discount = await createDiscount(m, { code: 'TENOFF', rule: { type: 'percentage', value: 10, allocation: 'total' }, regions: [shop.region.id] });
    const card = await createGiftCard(m, { region_id: shop.region.id, value: 300, tax_rate: 25 });
    const http = () => t.http();

    // An empty cart.
    let res = await http().post('/store/carts').send({ region_id: shop.region.id }).expect(200);
    const cartId: string = res.body.cart.id;
    expect(pick(res.body.cart, CART_KEYS)).toEqual(Object.fromEntries(CART_KEYS.map((k) => [k, 0])));

    // Items.
    await http().post(`/store/carts/${cartId}/line-items`).send({ variant_id: variantA, quantity: 1 }).expect(200);
    res = await http().post(`/store/carts/${cartId}/line-items`).send({ variant_id: variantB, quantity: 1 }).expect(200);
    expect(pick(res.body.cart, CART_KEYS)).toEqual({
      subtotal: 1500,
      discount_total: 0,
      item_tax_total: 375,
      shipping_total: 0,
      shipping_tax_total: 0,
      tax_total: 375,
      gift_card_total: 0,
      gift_card_tax_total: 0,
      total: 1875,
    });

    // Who and where.
    res = await http()
      .post(`/store/carts/${cartId}`)
      .send({
        email: 'checkout@test.com',
        shipping_address: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          address_1: 'Unter den Linden 1',
          city: 'Berlin',
          postal_code: '10117',
          country_code: 'de',
        },
        billing_address: { first_name: 'Ada', last_name: 'Lovelace', address_1: 'Unter den Linden 1', city: 'Berlin', country_code: 'de' },
      })
      .expect(200);
    expect(res.body.cart.customer_id).toMatch(/^cus_/);

    // Discount.
    res = await http()
      .post(`/store/carts/${cartId}`)
      .send({ discounts: [{ code: 'tenoff' }] })
      .expect(200);
    expect(res.body.cart.discount_total).toBe(150);
    expect(res.body.cart.total).toBe(1688);

    // Gift card.
    res = await http()
      .post(`/store/carts/${cartId}`)
      .send({ gift_cards: [{ code: card.code }] })
      .expect(200);
    expect(pick(res.body.cart, ['gift_card_total', 'gift_card_tax_total', 'total'])).toEqual({ gift_card_total: 300, gift_card_tax_total: 75, total: 1313 });

    // Shipping.
    res = await http().get(`/store/shipping-options/${cartId}`).expect(200);
    expect(res.body.shipping_options).toEqual([expect.objectContaining({ id: shop.shippingOption.id, amount: 200, price_incl_tax: 250, tax_amount: 50 })]);
    res = await http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    const cart = res.body.cart;
    expect(pick(cart, CART_KEYS)).toEqual({
      subtotal: 1500,
      discount_total: 150,
      item_tax_total: 338,
      shipping_total: 200,
      shipping_tax_total: 50,
      tax_total: 388,
      gift_card_total: 300,
      gift_card_tax_total: 75,
      total: 1563,
    });
    const [a, b] = cart.items;
    expect(a.variant_id).toBe(variantA);
    expect(pick(a, LINE_KEYS)).toEqual({ subtotal: 1000, discount_total: 100, tax_total: 225, total: 1125, original_total: 1250, original_tax_total: 250 });
    expect(pick(b, LINE_KEYS)).toEqual({ subtotal: 500, discount_total: 50, tax_total: 113, total: 563, original_total: 625, original_tax_total: 125 });
    expect(pick(cart.shipping_methods[0], ['price', 'subtotal', 'tax_total', 'total'])).toEqual({ price: 200, subtotal: 200, tax_total: 50, total: 250 });

    // Taxes (the region computes them automatically; the forced calculation agrees).
    res = await http().post(`/store/carts/${cartId}/taxes`).expect(200);
    expect(res.body.cart.total).toBe(1563);

    // Payment.
    res = await http().post(`/store/carts/${cartId}/payment-sessions`).expect(200);
    expect(res.body.cart.payment_sessions.map((s: { amount: number }) => s.amount)).toEqual([1563, 1563]);
    res = await http().post(`/store/carts/${cartId}/payment-session`).send({ provider_id: 'manual' }).expect(200);
    expect(res.body.cart.payment_session).toMatchObject({ provider_id: 'manual', amount: 1563, is_selected: true });

    // Completion.
    res = await http().post(`/store/carts/${cartId}/complete`).expect(200);
    expect(res.body.type).toBe('order');
    const order = res.body.data;
    expect(pick(order, [...CART_KEYS, 'paid_total', 'refunded_total', 'refundable_amount'])).toEqual({
      subtotal: 1500,
      discount_total: 150,
      item_tax_total: 338,
      shipping_total: 200,
      shipping_tax_total: 50,
      tax_total: 313,
      gift_card_total: 300,
      gift_card_tax_total: 75,
      total: 1563,
      paid_total: 1563,
      refunded_total: 0,
      refundable_amount: 1563,
    });
    expect(order.payments[0].amount).toBe(1563);
    expect(pick(order.items[0], LINE_KEYS)).toEqual(pick(a, LINE_KEYS));
    expect(pick(order.items[1], LINE_KEYS)).toEqual(pick(b, LINE_KEYS));
    expect(order.gift_card_transactions).toEqual([expect.objectContaining({ gift_card_id: card.id, amount: 300, tax_rate: 25, is_taxable: true })]);
    expect(order.discounts.map((d: { code: string }) => d.code)).toEqual(['TENOFF']);
    expect(order.billing_address_id).toMatch(/^addr_/);

    // The placed order reads back the same, and the limits moved.
    res = await http().get(`/store/orders/${order.id}`).expect(200);
    expect(pick(res.body.order, [...CART_KEYS, 'paid_total'])).toEqual(pick(order, [...CART_KEYS, 'paid_total']));
    const [{ balance, is_disabled }] = await t.dataSource.query('SELECT balance, is_disabled FROM gift_card WHERE id = $1', [card.id]);
    expect(balance).toBe(0);
    expect(is_disabled).toBe(true); // spent to zero, as Medusa v1
    expect((await t.dataSource.query('SELECT usage_count FROM discount WHERE id = $1', [discount.id]))[0].usage_count).toBe(1);
    const quantities = await t.dataSource.query('SELECT id, inventory_quantity FROM product_variant WHERE id = ANY($1::varchar[]) ORDER BY id', [
      [variantA, variantB],
    ]);
    expect(quantities.map((q: { inventory_quantity: number }) => q.inventory_quantity)).toEqual([19, 19]);
  });

  it('example 2: a fixed 100 split over the lines — total 2000', async () => {
    const discount = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'total' }, regions: [shop.region.id] });
    let res = await t
      .http()
      .post('/store/carts')
      .send({
        region_id: shop.region.id,
        items: [
          { variant_id: variantA, quantity: 1 },
          { variant_id: variantB, quantity: 1 },
        ],
      })
      .expect(200);
    const cartId = res.body.cart.id;
    await t.http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    res = await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({ discounts: [{ code: discount.code }] })
      .expect(200);
    expect(res.body.cart.items.map((i: { discount_total: number }) => i.discount_total)).toEqual([67, 33]);
    expect(res.body.cart.items.map((i: { tax_total: number }) => i.tax_total)).toEqual([233, 117]);
    expect(pick(res.body.cart, ['discount_total', 'item_tax_total', 'tax_total', 'total'])).toEqual({
      discount_total: 100,
      item_tax_total: 350,
      tax_total: 400,
      total: 2000,
    });
  });

  it('examples 3 and 4: fixed 100 per item with A ×2 — total 3000; adding free shipping — 2750', async () => {
    const m = t.dataSource.manager;
    const perItem = await createDiscount(m, { rule: { type: 'fixed', value: 100, allocation: 'item' }, regions: [shop.region.id] });
    const free = await createDiscount(m, { rule: { type: 'free_shipping', value: 0, allocation: null }, regions: [shop.region.id] });
    let res = await t
      .http()
      .post('/store/carts')
      .send({
        region_id: shop.region.id,
        items: [
          { variant_id: variantA, quantity: 2 },
          { variant_id: variantB, quantity: 1 },
        ],
      })
      .expect(200);
    const cartId = res.body.cart.id;
    await t.http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    res = await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({ discounts: [{ code: perItem.code }] })
      .expect(200);
    expect(res.body.cart.items.map((i: { discount_total: number }) => i.discount_total)).toEqual([200, 100]);
    expect(res.body.cart.items.map((i: { tax_total: number }) => i.tax_total)).toEqual([450, 100]);
    expect(pick(res.body.cart, ['subtotal', 'discount_total', 'tax_total', 'total'])).toEqual({
      subtotal: 2500,
      discount_total: 300,
      tax_total: 600,
      total: 3000,
    });
    res = await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({ discounts: [{ code: perItem.code }, { code: free.code }] })
      .expect(200);
    expect(pick(res.body.cart, ['shipping_total', 'shipping_tax_total', 'discount_total', 'tax_total', 'total'])).toEqual({
      shipping_total: 0,
      shipping_tax_total: 0,
      discount_total: 300,
      tax_total: 550,
      total: 2750,
    });
  });

  it('example 5: a gift card larger than the cart brings the total to 0 and no payment is taken', async () => {
    const m = t.dataSource.manager;
    const discount = await createDiscount(m, { rule: { type: 'percentage', value: 10 }, regions: [shop.region.id] });
    const card = await createGiftCard(m, { region_id: shop.region.id, value: 5000, tax_rate: 25 });
    let res = await t
      .http()
      .post('/store/carts')
      .send({
        region_id: shop.region.id,
        items: [
          { variant_id: variantA, quantity: 1 },
          { variant_id: variantB, quantity: 1 },
        ],
      })
      .expect(200);
    const cartId = res.body.cart.id;
    await t.http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    res = await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({ email: 'zero@test.com', discounts: [{ code: discount.code }], gift_cards: [{ code: card.code }] })
      .expect(200);
    expect(pick(res.body.cart, ['gift_card_total', 'gift_card_tax_total', 'total'])).toEqual({ gift_card_total: 1550, gift_card_tax_total: 388, total: 0 });
    res = await t.http().post(`/store/carts/${cartId}/complete`).expect(200);
    expect(res.body.data).toMatchObject({ total: 0, gift_card_total: 1550, gift_card_tax_total: 388, payments: [] });
    expect((await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [card.id]))[0].balance).toBe(3450);
  });
});

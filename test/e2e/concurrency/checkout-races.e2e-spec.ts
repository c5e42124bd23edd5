import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';

/**
 * The races Medusa v1 lost: every request here really overlaps (a pool larger than the
 * number of parallel requests), and the database decides the winner through the cart row
 * lock and conditional UPDATEs.
 */
describe('Checkout under concurrency', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '16' });
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());

  const readyCart = async (variantId = shop.variant.id, quantity = 1, extra: Record<string, unknown> = {}) => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: variantId, quantity }] });
    if (Object.keys(extra).length) await t.http().post(`/store/carts/${cart.id}`).send(extra).expect(200);
    await prepareCheckout(t, cart.id);
    return cart;
  };
  const stock = async (variantId: string) =>
    (await t.dataSource.query('SELECT inventory_quantity FROM product_variant WHERE id = $1', [variantId]))[0].inventory_quantity;

  it('N parallel completions of one cart place exactly one order, and all of them answer it', async () => {
    const before = await stock(shop.variant.id);
    const cart = await readyCart(shop.variant.id, 2);
    const responses = await Promise.all(Array.from({ length: 8 }, () => t.http().post(`/store/carts/${cart.id}/complete`)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const orderIds = new Set(responses.map((r) => r.body.data.id));
    expect(orderIds.size).toBe(1);
    expect(responses.every((r) => r.body.type === 'order')).toBe(true);
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM "order" WHERE cart_id = $1', [cart.id]))[0].n).toBe(1);
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM payment WHERE cart_id = $1', [cart.id]))[0].n).toBe(1);
    expect(await stock(shop.variant.id)).toBe(before - 2);
  });

  it('parallel completions with the same Idempotency-Key all answer the one stored response', async () => {
    const cart = await readyCart();
    const key = `same-${cart.id}`;
    const responses = await Promise.all(Array.from({ length: 6 }, () => t.http().post(`/store/carts/${cart.id}/complete`).set('Idempotency-Key', key)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    for (const r of responses) expect(r.body).toEqual(responses[0].body);
  });

  it('two carts racing for a discount with usage_limit 1: one order, one refusal', async () => {
    const discount = await createDiscount(t.dataSource.manager, { regions: [shop.region.id], usage_limit: 1 });
    const carts = await Promise.all([
      readyCart(shop.variant.id, 1, { discounts: [{ code: discount.code }] }),
      readyCart(shop.variant.id, 1, { discounts: [{ code: discount.code }] }),
    ]);
    const responses = await Promise.all(carts.map((c) => t.http().post(`/store/carts/${c.id}/complete`)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = responses.find((r) => r.status === 400)!;
    expect(refused.body).toEqual({ type: 'not_allowed', message: `Discount ${discount.code} has been used maximum allowed times` });
    expect((await t.dataSource.query('SELECT usage_count FROM discount WHERE id = $1', [discount.id]))[0].usage_count).toBe(1);
    expect((await t.dataSource.query('SELECT count(*)::int AS n FROM order_discounts WHERE discount_id = $1', [discount.id]))[0].n).toBe(1);
  });

  it('two carts racing for the last unit of stock: one order, one 409', async () => {
    const lastOne = (await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 1, prices: [{ currency_code: 'eur', amount: 500 }] }] }))
      .variants![0].id;
    const carts = await Promise.all([readyCart(lastOne), readyCart(lastOne)]);
    const responses = await Promise.all(carts.map((c) => t.http().post(`/store/carts/${c.id}/complete`)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.status === 409)!.body).toMatchObject({ type: 'not_allowed', code: 'insufficient_inventory' });
    expect(await stock(lastOne)).toBe(0);
  });

  it('two carts spending one gift card at once never overdraw it', async () => {
    const card = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, value: 1500 });
    const carts = await Promise.all([
      readyCart(shop.variant.id, 1, { gift_cards: [{ code: card.code }] }),
      readyCart(shop.variant.id, 1, { gift_cards: [{ code: card.code }] }),
    ]);
    const responses = await Promise.all(carts.map((c) => t.http().post(`/store/carts/${c.id}/complete`)));
    expect(responses.some((r) => r.status === 200)).toBe(true);
    for (const r of responses) expect([200, 400]).toContain(r.status);
    const [{ balance }] = await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [card.id]);
    const [{ spent, debits }] = await t.dataSource.query(
      'SELECT coalesce(sum(amount), 0)::int AS spent, count(*)::int AS debits FROM gift_card_transaction WHERE gift_card_id = $1',
      [card.id],
    );
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(spent + balance).toBe(1500);
    // The card was really debited: once per placed order, by what each order says it took from it.
    const placed = responses.filter((r) => r.status === 200);
    expect(debits).toBe(placed.length);
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBe(placed.reduce((sum, r) => sum + r.body.data.gift_card_total, 0));
  });

  it('parallel line-item adds to one cart all persist', async () => {
    const m = t.dataSource.manager;
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const variants = await Promise.all(Array.from({ length: 4 }, () => createProduct(m).then((p) => p.variants![0].id)));
    const adds = [
      ...Array.from({ length: 8 }, () => ({ variant_id: shop.variant.id, quantity: 1 })),
      ...variants.map((variant_id) => ({ variant_id, quantity: 2 })),
    ];
    const responses = await Promise.all(adds.map((body) => t.http().post(`/store/carts/${cart.id}/line-items`).send(body)));
    expect(responses.map((r) => r.status)).toEqual(Array(adds.length).fill(200));
    const res = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    const byVariant = Object.fromEntries(res.body.cart.items.map((i: { variant_id: string; quantity: number }) => [i.variant_id, i.quantity]));
    expect(byVariant[shop.variant.id]).toBe(8);
    for (const v of variants) expect(byVariant[v]).toBe(2);
    expect(res.body.cart.items).toHaveLength(5);
  });
});

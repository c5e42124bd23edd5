import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { eventually, silentWrite as silentWriteTo } from '../../helpers/change-notices';
import { Cart } from '../../../src/modules/carts/cart.entity';
import { ALLOWED_CART_RELATIONS } from '../../../src/modules/carts/cart-relations';
import { CartResponseCache } from '../../../src/modules/carts/cart-response-cache';
import { ROW_CHANGE_TABLES, SCOPE_TABLES } from '../../../src/modules/table-changes/change-scopes';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';

/**
 * GET /store/carts/:id answered from memory (src/modules/carts/cart-response-cache.ts):
 * valid only for the cart row's version, and dropped by PostgreSQL's notices for what
 * the cart shows of other tables. Caching is proven without timing: a write that changes
 * no cart row version and fires no trigger (session_replication_role = replica) is not
 * seen while the answer is served from memory, and the cache's counters say which path
 * answered.
 */
describe('Cart response cache (GET /store/carts/:id)', () => {
  let t: TestApp;
  let shop: Shop;

  const cache = () => t.app.get(CartResponseCache);
  const notices = () => t.app.get(TableChangeNotices);

  /** Rows of the cart itself: every change to them goes through the cart row lock, which writes the cart row. */
  const CART_OWNED_TABLES = [
    'cart',
    'line_item',
    'line_item_adjustment',
    'line_item_tax_line',
    'shipping_method',
    'shipping_method_tax_line',
    'payment_session',
    'address',
    'cart_discounts',
    'cart_gift_cards',
  ];

  const silentWrite = (sql: string, params: unknown[] = []) => silentWriteTo(t, sql, params);

  /** The listener is up, this instance's writes are fenced and every earlier notice has been handled. */
  async function settled(): Promise<void> {
    await eventually(() => cache().trusted, Boolean, 'the cart cache to be trusted');
    await notices().listener!.sync();
  }

  const getCart = async (id: string) => (await t.http().get(`/store/carts/${id}`).expect(200)).body.cart;

  async function cartWithItem(quantity = 1): Promise<Record<string, any>> {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity }).expect(200);
    // Answers are only stored while no local write awaits its fence.
    await settled();
    return cart;
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(() => t.close());
  beforeEach(() => settled());

  it("covers every table a cart answer can read: the cart's own rows, table notices or row notices", async () => {
    const meta = t.dataSource.getMetadata(Cart);
    const tables = new Set([meta.tableName]);
    for (const path of ALLOWED_CART_RELATIONS.filter((p) => !p.startsWith('customer'))) {
      let current = meta;
      for (const name of path.split('.')) {
        const relation = current.findRelationWithPropertyPath(name)!;
        if (relation.junctionEntityMetadata) tables.add(relation.junctionEntityMetadata.tableName);
        current = relation.inverseEntityMetadata;
        tables.add(current.tableName);
      }
    }
    const covered = new Set<string>([...CART_OWNED_TABLES, ...SCOPE_TABLES.carts, ...ROW_CHANGE_TABLES]);
    expect([...tables].filter((table) => !covered.has(table))).toEqual([]);

    const triggers: Array<{ table: string; name: string }> = await t.dataSource.query(
      `SELECT c.relname AS table, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE NOT g.tgisinternal`,
    );
    const has = (table: string, name: string) => triggers.some((g) => g.table === table && g.name === name);
    expect(SCOPE_TABLES.carts.filter((table) => !has(table, 'table_changed'))).toEqual([]);
    for (const name of ['rows_changed_insert', 'rows_changed_update', 'rows_changed_delete', 'rows_changed_truncate']) {
      expect(ROW_CHANGE_TABLES.filter((table) => !has(table, name))).toEqual([]);
    }
  });

  it('answers a repeated GET from memory with the same body and headers', async () => {
    const { id } = await cartWithItem();
    const first = await t.http().get(`/store/carts/${id}`).expect(200);
    const hits = cache().stats.hits;
    const second = await t.http().get(`/store/carts/${id}`).expect(200);
    expect(cache().stats.hits).toBe(hits + 1);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers.etag).toBe(first.headers.etag);
    await t.http().get(`/store/carts/${id}`).set('If-None-Match', first.headers.etag).expect(304);
    expect(JSON.stringify(second.body)).not.toMatch(/password|api_token/);

    // From memory: a change to a line item that neither writes the cart row nor notifies is not seen...
    await silentWrite(`UPDATE line_item SET title = 'Silently renamed' WHERE cart_id = $1`, [id]);
    expect((await getCart(id)).items[0].title).not.toBe('Silently renamed');
    // ...and any write of the cart row (a new version) is, with no notice at all.
    await silentWrite(`UPDATE cart SET metadata = '{"touched":true}' WHERE id = $1`, [id]);
    const fresh = await getCart(id);
    expect(fresh.items[0].title).toBe('Silently renamed');
    expect(fresh.metadata).toEqual({ touched: true });
  });

  it('shows every change made through the API at once: each GET equals the answer of the change before it', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await settled();
    expect(await getCart(cart.id)).toEqual(cart);
    const steps: Array<() => Promise<{ status: number; body: any }>> = [
      () => t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 2 }),
      () => t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }),
      () =>
        t
          .http()
          .post(`/store/carts/${cart.id}`)
          .send({ email: 'cached@test.com', shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' } }),
      () => t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }),
      () => t.http().post(`/store/carts/${cart.id}/payment-sessions`),
      () => t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'manual' }),
    ];
    for (const step of steps) {
      await getCart(cart.id); // cached before the change
      const res = await step();
      expect(res.status).toBe(200);
      await settled();
      expect(await getCart(cart.id)).toEqual(res.body.cart);
    }
    const items = (await getCart(cart.id)).items;
    expect(items).toHaveLength(1);
    expect(items[0].quantity).toBe(3);

    await getCart(cart.id);
    const completed = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(completed.body.type).toBe('order');
    const after = await getCart(cart.id);
    expect(after.completed_at).not.toBeNull();
    expect(after.payment_id).toBe(completed.body.data.payment_id ?? after.payment_id);
  });

  it('drops only the carts that show a variant whose stock changed (a checkout elsewhere)', async () => {
    const other = await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 50, prices: [{ currency_code: 'eur', amount: 500 }] }] });
    const showsVariant = await cartWithItem();
    const showsOther = await createCartViaApi(t, { region_id: shop.region.id });
    await t.http().post(`/store/carts/${showsOther.id}/line-items`).send({ variant_id: other.variants![0].id, quantity: 1 }).expect(200);
    await settled();
    const before = (await getCart(showsVariant.id)).items[0].variant.inventory_quantity;
    await getCart(showsOther.id);
    expect(cache().has(showsVariant.id) && cache().has(showsOther.id)).toBe(true);

    await t.dataSource.query(`UPDATE product_variant SET inventory_quantity = inventory_quantity - 7 WHERE id = $1`, [shop.variant.id]);
    await notices().listener!.sync();
    expect(cache().has(showsVariant.id)).toBe(false);
    expect(cache().has(showsOther.id)).toBe(true);
    expect((await getCart(showsVariant.id)).items[0].variant.inventory_quantity).toBe(before - 7);
  });

  it('follows gift card balances and discount changes by row, and region changes wholesale', async () => {
    const card = await createGiftCard(t.dataSource.manager, { value: 500, region_id: shop.region.id });
    const cart = await cartWithItem();
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code: card.code }] })
      .expect(200);
    await settled();
    expect((await getCart(cart.id)).gift_card_total).toBe(500);
    await getCart(cart.id);
    await t.dataSource.query(`UPDATE gift_card SET balance = 200 WHERE id = $1`, [card.id]);
    await notices().listener!.sync();
    expect((await getCart(cart.id)).gift_card_total).toBe(200);

    const discount = await createDiscount(t.dataSource.manager, { rule: { type: 'percentage', value: 10, allocation: 'total' }, regions: [shop.region.id] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }] })
      .expect(200);
    await settled();
    await getCart(cart.id);
    expect(cache().has(cart.id)).toBe(true);
    await t.dataSource.query(`UPDATE discount SET metadata = '{"campaign":"winter"}' WHERE id = $1`, [discount.id]);
    await notices().listener!.sync();
    expect((await getCart(cart.id)).discounts[0].metadata).toEqual({ campaign: 'winter' });

    await getCart(cart.id);
    expect(cache().has(cart.id)).toBe(true);
    await t.dataSource.query(`UPDATE region SET name = 'Renamed region' WHERE id = $1`, [shop.region.id]);
    await notices().listener!.sync();
    expect(cache().has(cart.id)).toBe(false);
    expect((await getCart(cart.id)).region.name).toBe('Renamed region');
  });

  it('never caches a GET with a query string, nor a missing cart', async () => {
    const { id } = await cartWithItem();
    const stored = cache().stats.stored;
    await t.http().get(`/store/carts/${id}?expand=items`).expect(200);
    await t.http().get(`/store/carts/${id}?fields=email`).expect(200);
    expect(cache().stats.stored).toBe(stored);
    await t.http().get(`/store/carts/cart_missing`).expect(404);
    await t.http().get(`/store/carts/cart_missing`).expect(404);
    expect(cache().has('cart_missing')).toBe(false);
  });

  it('stops answering from memory when the cart is deleted', async () => {
    const { id } = await cartWithItem();
    await getCart(id);
    await getCart(id);
    await silentWrite(`UPDATE cart SET deleted_at = now() WHERE id = $1`, [id]);
    await t.http().get(`/store/carts/${id}`).expect(404);
  });

  it('is off, and only it, on an instance configured with CART_CACHE_MAX_BYTES=0', async () => {
    const off = await startTestApp(t.databaseUrl, { CART_CACHE_MAX_BYTES: '0' });
    try {
      const offCache = off.app.get(CartResponseCache);
      expect(offCache.config.maxBytes).toBe(0);
      expect(offCache.enabled).toBe(false);
      expect(off.app.get(TableChangeNotices).enabled).toBe(true);
      const { id } = await cartWithItem();
      await off.http().get(`/store/carts/${id}`).expect(200);
      await off.http().get(`/store/carts/${id}`).expect(200);
      expect(offCache.stats).toMatchObject({ hits: 0, stored: 0 });
    } finally {
      await off.close();
    }
  });

  it('shows a change made through another instance at once, with no notice to wait for', async () => {
    const other = await startTestApp(t.databaseUrl);
    try {
      const { id } = await cartWithItem();
      await getCart(id);
      const hits = cache().stats.hits;
      expect((await getCart(id)).items[0].quantity).toBe(1);
      expect(cache().stats.hits).toBe(hits + 1);
      for (let quantity = 2; quantity <= 5; quantity++) {
        const line = (await getCart(id)).items[0];
        await other.http().post(`/store/carts/${id}/line-items/${line.id}`).send({ quantity }).expect(200);
        // Read back through the first instance immediately: the cart row's version has moved.
        expect((await getCart(id)).items[0].quantity).toBe(quantity);
      }
    } finally {
      await other.close();
    }
  });
});

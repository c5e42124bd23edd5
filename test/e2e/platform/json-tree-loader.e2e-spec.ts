import { FindOptionsRelations, ObjectLiteral } from 'typeorm';
import { loadJsonTrees } from '../../../src/common/database/json-tree-loader';
import { toRelations } from '../../../src/common/query/relations';
import { Cart } from '../../../src/modules/carts/cart.entity';
import { ALLOWED_CART_RELATIONS } from '../../../src/modules/carts/cart-relations';
import { LineItem } from '../../../src/modules/carts/line-item.entity';
import { LineItemAdjustment } from '../../../src/modules/carts/line-item-adjustment.entity';
import { Product } from '../../../src/modules/products/product.entity';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';

/** Sorts every array in the tree by id, so two loaders' database orders compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .map(canonical)
      .sort((a, b) => String((a as ObjectLiteral)?.id ?? JSON.stringify(a)).localeCompare(String((b as ObjectLiteral)?.id ?? JSON.stringify(b))));
  }
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, canonical(v)]));
}

describe('JSON tree loader: one query, the same entities as TypeORM find', () => {
  let t: TestApp;
  let shop: Shop;
  let cartId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    shop = await createShop(m, {
      product: {
        variants: [
          { prices: [{ currency_code: 'eur', amount: 1000 }], inventory_quantity: 10 },
          { prices: [{ currency_code: 'eur', amount: 333 }], inventory_quantity: 10 },
        ],
      },
    });
    await createDiscount(m, { code: 'TENOFF', rule: { type: 'fixed', value: 100, allocation: 'total' }, regions: [shop.region.id] });
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    cartId = cart.id;
    for (const variant of shop.product.variants!) {
      await t.http().post(`/store/carts/${cartId}/line-items`).send({ variant_id: variant.id, quantity: 1 }).expect(200);
    }
    await prepareCheckout(t, cartId, { optionId: shop.shippingOption.id });
    await t
      .http()
      .post(`/store/carts/${cartId}`)
      .send({ discounts: [{ code: 'TENOFF' }] })
      .expect(200);
  });
  afterAll(() => t.close());

  const viaTypeOrm = <T extends ObjectLiteral>(target: new () => T, ids: string[], relations: readonly string[]) =>
    t.dataSource.getRepository(target).find({
      where: ids.map((id) => ({ id })) as never,
      relations: toRelations(relations) as FindOptionsRelations<T>,
      relationLoadStrategy: 'query',
    });

  it('loads a cart with every relation a cart response may expand exactly as TypeORM does', async () => {
    const [expected] = await viaTypeOrm(Cart, [cartId], ALLOWED_CART_RELATIONS);
    const [actual] = await loadJsonTrees(t.dataSource.manager, Cart, [cartId], ALLOWED_CART_RELATIONS);
    expect(actual).toBeInstanceOf(Cart);
    // the tree really holds the data this test is about
    expect(expected.items).toHaveLength(2);
    expect(expected.discounts).toHaveLength(1);
    expect(expected.shipping_methods).toHaveLength(1);
    expect(expected.payment_sessions!.length).toBeGreaterThan(0);
    expect(expected.region!.countries!.length).toBeGreaterThan(0);
    expect(canonical(actual)).toEqual(canonical(expected));
  });

  it('hydrates values as the driver does: Dates for timestamps, transformed numerics, null for a missing to-one, [] for an empty to-many', async () => {
    const [cart] = await loadJsonTrees(t.dataSource.manager, Cart, [cartId], ['items', 'items.adjustments', 'billing_address', 'gift_cards']);
    expect(cart.created_at).toBeInstanceOf(Date);
    expect(cart.billing_address).toBeNull();
    expect(cart.gift_cards).toEqual([]);
    const adjustment = cart.items!.flatMap((i) => i.adjustments ?? [])[0];
    expect(adjustment).toBeInstanceOf(LineItemAdjustment);
    expect(typeof adjustment.amount).toBe('number');
    const [stored] = await t.dataSource.query(
      'SELECT sum(amount)::int AS total FROM line_item_adjustment a JOIN line_item i ON i.id = a.item_id WHERE i.cart_id = $1',
      [cartId],
    );
    expect(cart.items!.flatMap((i) => i.adjustments ?? []).reduce((sum, a) => sum + Number(a.amount), 0)).toBe(stored.total);
  });

  it('leaves out soft-deleted roots and soft-deleted related rows, as find does', async () => {
    const product = await createProduct(t.dataSource.manager, {
      variants: [{ prices: [{ currency_code: 'eur', amount: 1 }] }, { prices: [{ currency_code: 'eur', amount: 2 }] }],
    });
    await t.dataSource.query('UPDATE product_variant SET deleted_at = now() WHERE id = $1', [product.variants![1].id]);
    const relations = ['variants', 'variants.prices', 'options', 'images', 'tags', 'collection', 'type'];
    const [loaded] = await loadJsonTrees(t.dataSource.manager, Product, [product.id], relations);
    expect(loaded.variants!.map((v) => v.id)).toEqual([product.variants![0].id]);
    const [expected] = await viaTypeOrm(Product, [product.id], relations);
    expect(canonical(loaded)).toEqual(canonical(expected));

    await t.dataSource.query('UPDATE product SET deleted_at = now() WHERE id = $1', [product.id]);
    expect(await loadJsonTrees(t.dataSource.manager, Product, [product.id], relations)).toEqual([]);
  });

  it('loads many roots at once and runs inside a transaction (the same prepared statement on another connection)', async () => {
    const other = await createCartViaApi(t, { region_id: shop.region.id });
    const loaded = await t.dataSource.transaction((manager) => loadJsonTrees(manager, Cart, [cartId, other.id, 'cart_missing'], ['items', 'region']));
    expect(loaded.map((c) => c.id).sort()).toEqual([cartId, other.id].sort());
    expect(loaded.find((c) => c.id === other.id)!.items).toEqual([]);
    const items = await loadJsonTrees(
      t.dataSource.manager,
      LineItem,
      (await viaTypeOrm(Cart, [cartId], ['items']))[0].items!.map((i) => i.id),
      ['variant', 'tax_lines'],
    );
    expect(items).toHaveLength(2);
  });
});

describe('Prepared statements: repeated TypeORM queries run as named statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a query TypeORM sends repeatedly on one connection becomes a server-side prepared statement with the same results', async () => {
    const runner = t.dataSource.createQueryRunner();
    try {
      const marker = `prepared-statement-probe-${Date.now()}`;
      const results = [];
      for (let i = 0; i < 4; i++) {
        results.push(await runner.manager.getRepository(Product).find({ where: { title: marker }, relations: { variants: true } }));
      }
      expect(results.every((r) => Array.isArray(r) && r.length === 0)).toBe(true);
      const statements: { statement: string }[] = await runner.query('SELECT statement FROM pg_prepared_statements WHERE name LIKE $1', ['app\\_%']);
      expect(statements.some((s) => s.statement.includes('"product"') && s.statement.includes('"title"'))).toBe(true);
    } finally {
      await runner.release();
    }
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { DiscountsService } from '../../../src/modules/discounts/discounts.service';
import { assertDiscountApplicable } from '../../../src/modules/discounts/engine';
import type { EngineDiscount } from '../../../src/modules/discounts/engine';
import { normalizeDiscountCode } from '../../../src/modules/discounts/discount.entity';
import { CustomerGroup } from '../../../src/modules/customer-groups/customer-group.entity';
import { ProductTag } from '../../../src/modules/products/product-taxonomy.entities';

/** The service methods the carts module calls, against real PostgreSQL. */
describe('DiscountsService for carts', () => {
  let t: TestApp;
  let service: DiscountsService;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(DiscountsService);
    regionId = (await createRegion(t.dataSource.manager)).id;
  });
  afterAll(() => t.close());

  describe('engineDiscountsByCode / engineDiscountsOfCart (the one-query lookup cart writes use)', () => {
    /** The engine's discount with its regions and conditions (and each one's resource ids) in a fixed order. */
    const sorted = (engine: EngineDiscount) => ({
      ...engine,
      region_ids: [...engine.region_ids].sort(),
      rule: {
        ...engine.rule,
        conditions: [...engine.rule.conditions]
          .map((c) => ({ ...c, resource_ids: [...c.resource_ids].sort() }))
          .sort((a, b) => `${a.type}${a.operator}`.localeCompare(`${b.type}${b.operator}`)),
      },
    });
    /** As CartDiscountsService asks: the code normalized, then looked up. */
    const lookUp = async (code: string) => {
      const normalized = normalizeDiscountCode(code);
      const engine = (await service.engineDiscountsByCode([normalized], t.dataSource.manager)).get(normalized);
      return engine && sorted(engine);
    };

    it('finds the live discount (code normalized as carts do) with its rule, conditions with resource ids, regions, usage and dates', async () => {
      const m = t.dataSource.manager;
      const [p1, p2] = [await createProduct(m), await createProduct(m)];
      const tag = await m.getRepository(ProductTag).save(m.getRepository(ProductTag).create({ value: `eq-${Date.now()}` }));
      const group = await m.getRepository(CustomerGroup).save(m.getRepository(CustomerGroup).create({ name: `EQ ${Date.now()}` }));
      const other = (await createRegion(m)).id;
      const endsAt = new Date(Date.now() + 86_400_000);
      const created = await createDiscount(m, {
        code: 'CARTFIXED',
        rule: { type: 'fixed', value: 500, allocation: 'item' },
        regions: [regionId, other],
        usage_limit: 10,
        usage_count: 4,
        ends_at: endsAt,
        conditions: [
          { type: 'products', operator: 'not_in', resource_ids: [p1.id, p2.id] },
          { type: 'product_tags', operator: 'in', resource_ids: [tag.id] },
          { type: 'customer_groups', operator: 'in', resource_ids: [group.id] },
        ],
      });
      expect(await lookUp('cartFixed ')).toEqual(
        sorted({
          id: created.id,
          code: 'CARTFIXED',
          is_disabled: false,
          is_dynamic: false,
          starts_at: created.starts_at,
          ends_at: endsAt,
          valid_duration: null,
          created_at: created.created_at,
          usage_limit: 10,
          usage_count: 4,
          region_ids: [regionId, other],
          rule: {
            type: 'fixed',
            value: 500,
            allocation: 'item',
            conditions: [
              { type: 'products', operator: 'not_in', resource_ids: [p1.id, p2.id] },
              { type: 'product_tags', operator: 'in', resource_ids: [tag.id] },
              { type: 'customer_groups', operator: 'in', resource_ids: [group.id] },
            ],
          },
        }),
      );
    });

    it('feeds the engine: a disabled discount read from the database is refused', async () => {
      await createDiscount(t.dataSource.manager, { code: 'OFFLINE', is_disabled: true, regions: [regionId] });
      const engine = (await lookUp('offline'))!;
      expect(() => assertDiscountApplicable(engine, { region_id: regionId, customer_group_ids: [], now: new Date() })).toThrow(
        'The discount code OFFLINE is disabled',
      );
    });

    it('leaves out soft-deleted regions and conditions', async () => {
      const m = t.dataSource.manager;
      const gone = (await createRegion(m)).id;
      const product = await createProduct(m);
      const discount = await createDiscount(m, {
        code: 'SOFTDELETED',
        regions: [regionId, gone],
        conditions: [{ type: 'products', operator: 'in', resource_ids: [product.id] }],
      });
      expect((await lookUp('SOFTDELETED'))!.region_ids).toEqual([regionId, gone].sort());
      expect((await lookUp('SOFTDELETED'))!.rule.conditions).toHaveLength(1);
      await m.query('UPDATE region SET deleted_at = now() WHERE id = $1', [gone]);
      await m.query('UPDATE discount_condition SET deleted_at = now() WHERE discount_rule_id = $1', [discount.rule_id]);
      const engine = (await lookUp('SOFTDELETED'))!;
      expect(engine.region_ids).toEqual([regionId]);
      expect(engine.rule.conditions).toEqual([]);
    });

    it("gives a generated code its parent's regions, and none once the parent is deleted", async () => {
      const m = t.dataSource.manager;
      const parent = await createDiscount(m, { code: 'PARENTCODE', is_dynamic: true, regions: [regionId] });
      await createDiscount(m, { code: 'CHILDCODE', is_dynamic: true, parent_discount_id: parent.id, rule_id: parent.rule_id });
      expect((await lookUp('CHILDCODE'))!.region_ids).toEqual([regionId]);
      await m.query('UPDATE discount SET deleted_at = now() WHERE id = $1', [parent.id]);
      expect((await lookUp('CHILDCODE'))!.region_ids).toEqual([]);
    });

    it('omits unknown and deleted codes, and lists a cart’s live discounts by code', async () => {
      const m = t.dataSource.manager;
      await createDiscount(m, { code: 'GONECODE', deleted_at: new Date() });
      const b = await createDiscount(m, { code: 'BBB-CART', regions: [regionId] });
      const a = await createDiscount(m, { code: 'AAA-CART', regions: [regionId], rule: { type: 'free_shipping', value: 0, allocation: 'total' } });
      const found = await service.engineDiscountsByCode(['GONECODE', 'NOPE', 'BBB-CART'], m);
      expect([...found.keys()]).toEqual(['BBB-CART']);

      const cartId = `cart_${Date.now()}`;
      await m.query(`INSERT INTO cart (id, region_id, type) VALUES ($1, $2, 'default')`, [cartId, regionId]);
      await m.query('INSERT INTO cart_discounts (cart_id, discount_id) VALUES ($1, $2), ($1, $3)', [cartId, b.id, a.id]);
      const ofCart = await service.engineDiscountsOfCart(cartId, m);
      expect(ofCart.map((d) => d.code)).toEqual(['AAA-CART', 'BBB-CART']);
      expect(ofCart[0]).toEqual((await service.engineDiscountsByCode(['AAA-CART'], m)).get('AAA-CART'));
      expect(ofCart[0]).toMatchObject({ id: a.id, region_ids: [regionId], rule: { type: 'free_shipping', value: 0, allocation: 'total', conditions: [] } });
      await m.query('UPDATE discount SET deleted_at = now() WHERE id = $1', [b.id]);
      expect((await service.engineDiscountsOfCart(cartId, m)).map((d) => d.code)).toEqual(['AAA-CART']);
    });
  });

  describe('incrementUsage', () => {
    it('never lets concurrent uses exceed the usage_limit', async () => {
      const discount = await createDiscount(t.dataSource.manager, { usage_limit: 3 });
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, () => t.dataSource.transaction((manager) => service.incrementUsage([discount.id], manager))),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
      const rejected = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(rejected).toHaveLength(5);
      expect(rejected[0].reason).toMatchObject({ type: 'not_allowed', message: `Discount ${discount.code} has been used maximum allowed times` });
      const [row] = await t.dataSource.query('SELECT usage_count FROM discount WHERE id = $1', [discount.id]);
      expect(row.usage_count).toBe(3);
    });

    it('counts unlimited discounts freely and rolls back every increment when one is exhausted', async () => {
      const unlimited = await createDiscount(t.dataSource.manager);
      const exhausted = await createDiscount(t.dataSource.manager, { usage_limit: 1, usage_count: 1 });
      await t.dataSource.transaction((m) => service.incrementUsage([unlimited.id], m));
      await expect(t.dataSource.transaction((m) => service.incrementUsage([unlimited.id, exhausted.id], m))).rejects.toMatchObject({ type: 'not_allowed' });
      const rows = await t.dataSource.query('SELECT id, usage_count FROM discount WHERE id = ANY($1)', [[unlimited.id, exhausted.id]]);
      expect(Object.fromEntries(rows.map((r: { id: string; usage_count: number }) => [r.id, r.usage_count]))).toEqual({ [unlimited.id]: 1, [exhausted.id]: 1 });
    });
  });
});

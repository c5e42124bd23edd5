import { createTestApp, TestApp } from '../../helpers/app';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { ApiError } from '../../../src/common/errors/api-error';
import { DiscountsService } from '../../../src/modules/discounts/discounts.service';
import { assertDiscountApplicable } from '../../../src/modules/discounts/engine';
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

  describe('retrieveByCodeForCart + toEngineDiscount', () => {
    it('finds the live discount case-insensitively with its rule, conditions (with resource ids) and regions', async () => {
      const m = t.dataSource.manager;
      const [p1, p2] = [await createProduct(m), await createProduct(m)];
      const tag = await m.getRepository(ProductTag).save(m.getRepository(ProductTag).create({ value: 'sale' }));
      const group = await m.getRepository(CustomerGroup).save(m.getRepository(CustomerGroup).create({ name: 'VIP' }));
      const created = await createDiscount(m, {
        code: 'CARTFIXED',
        rule: { type: 'fixed', value: 500, allocation: 'item' },
        regions: [regionId],
        usage_limit: 10,
        usage_count: 4,
        conditions: [
          { type: 'products', operator: 'not_in', resource_ids: [p1.id, p2.id] },
          { type: 'product_tags', operator: 'in', resource_ids: [tag.id] },
          { type: 'customer_groups', operator: 'in', resource_ids: [group.id] },
        ],
      });
      const loaded = await service.retrieveByCodeForCart('cartFixed ', m);
      expect(loaded.id).toBe(created.id);
      const engine = service.toEngineDiscount(loaded);
      expect(engine).toEqual({
        id: created.id,
        code: 'CARTFIXED',
        is_disabled: false,
        is_dynamic: false,
        starts_at: created.starts_at,
        ends_at: null,
        valid_duration: null,
        created_at: created.created_at,
        usage_limit: 10,
        usage_count: 4,
        region_ids: [regionId],
        rule: {
          type: 'fixed',
          value: 500,
          allocation: 'item',
          conditions: expect.arrayContaining([
            { type: 'products', operator: 'not_in', resource_ids: [p1.id, p2.id].sort() },
            { type: 'product_tags', operator: 'in', resource_ids: [tag.id] },
            { type: 'customer_groups', operator: 'in', resource_ids: [group.id] },
          ]),
        },
      });
      expect(engine.rule.conditions).toHaveLength(3);
    });

    it('answers 404 for an unknown or deleted code', async () => {
      await createDiscount(t.dataSource.manager, { code: 'DELETEDCODE', deleted_at: new Date() });
      for (const code of ['nothing', 'deletedcode']) {
        const error = await service.retrieveByCodeForCart(code, t.dataSource.manager).catch((e) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).toMatchObject({ type: 'not_found', message: `Discount with code ${code.toUpperCase()} was not found` });
      }
    });

    it('feeds the engine: a disabled discount loaded from the database is refused', async () => {
      await createDiscount(t.dataSource.manager, { code: 'OFFLINE', is_disabled: true, regions: [regionId] });
      const engine = service.toEngineDiscount(await service.retrieveByCodeForCart('offline', t.dataSource.manager));
      expect(() => assertDiscountApplicable(engine, { region_id: regionId, customer_group_ids: [], now: new Date() })).toThrow('The discount code OFFLINE is disabled');
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

import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { getMetadataStorage } from 'class-validator';
import { LIST_LIMITS } from '../../../src/common/validation/array-limits';
import { createCustomer } from '../../factories/customer.factory';
import { customerAuth } from '../../factories/cart.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { handledRoutes } from '../../helpers/routes';

/**
 * Every list filter takes at most LIST_LIMITS.queryFilter (500) values, as docs/security.md
 * promises: beyond, a 400 invalid_data naming the property, before any query runs. Read
 * from the running app's routes and their query DTOs' declarations, so a filter added
 * later without a bound fails here.
 */
describe('Bounded list filters', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The class of a handler's `@Query()` argument, if it has one. */
  function queryDtoOf(controller: Function, handler: Function): Function | undefined {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<string, { index: number }>;
    const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler.name) ?? []) as Function[];
    const key = Object.keys(args).find((k) => k.split(':')[0] === String(RouteParamtypes.QUERY));
    return key === undefined ? undefined : types[args[key].index];
  }

  /** Properties validated as lists (IsArray, or a validator applied to each value) and their declared ArrayMaxSize, if any. */
  function listProperties(dto: Function): Map<string, number | undefined> {
    const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
    const lists = new Map<string, number | undefined>();
    for (const meta of metas) if (meta.name === 'isArray' || meta.each) lists.set(meta.propertyName, lists.get(meta.propertyName));
    for (const meta of metas) if (meta.name === 'arrayMaxSize' && lists.has(meta.propertyName)) lists.set(meta.propertyName, meta.constraints[0] as number);
    return lists;
  }

  it('every list filter of every GET route is declared with at most 500 values', () => {
    const unbounded: string[] = [];
    let filters = 0;
    for (const route of handledRoutes(t.app).filter((r) => r.method === 'get')) {
      const dto = queryDtoOf(route.controller, route.handler);
      if (!dto || dto === Object) continue;
      for (const [property, max] of listProperties(dto)) {
        filters++;
        if (max === undefined || max > LIST_LIMITS.queryFilter) unbounded.push(`GET ${route.path} ${property} (${max ?? 'no bound'})`);
      }
    }
    expect(filters).toBeGreaterThan(10); // the walk does find the filters
    expect(unbounded).toEqual([]);
  });

  const values = (n: number) => Array.from({ length: n }, (_, i) => `pcat_${i}`).join(',');

  it('category_id on GET /store/products: 500 values are read, 501 are a 400 naming the filter', async () => {
    await t
      .http()
      .get(`/store/products?category_id=${values(500)}`)
      .expect(200);
    const res = await t
      .http()
      .get(`/store/products?category_id=${values(501)}`)
      .expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: expect.stringContaining('category_id must not have more than 500 entries') });
  });

  it("status filters on a customer's order list: 501 values are a 400", async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'pass-1234' });
    const many = Array.from({ length: 501 }, () => 'pending').join(',');
    const res = await t.http().get(`/store/customers/me/orders?status=${many}`).set(customerAuth(t, customer.id)).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: expect.stringContaining('status must not have more than 500 entries') });
    await t.http().get('/store/customers/me/orders?status=pending,completed').set(customerAuth(t, customer.id)).expect(200);
  });
});

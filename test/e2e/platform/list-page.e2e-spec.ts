import { Repository } from 'typeorm';
import { listPage } from '../../../src/common/query/list-query';
import type { FindConfig } from '../../../src/common/query/query-config.decorator';
import { Customer } from '../../../src/modules/customers/customer.entity';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCustomer } from '../../factories/customer.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';

const LAST_NAME = 'Listpage';
const LIVE = 5;

function config(skip: number, take: number, relations: string[] = []): FindConfig {
  return { relations, skip, take, order: { email: 'ASC' } };
}

/** The page as ids with each row's groups by id, so two relation loaders' database orders compare equal. */
function summary(rows: Customer[]) {
  return rows.map((row) => ({ ...row, groups: row.groups?.map((group) => group.id).sort() }));
}

describe('listPage: its options give the same pages and totals', () => {
  let t: TestApp;
  let repo: Repository<Customer>;
  const where = { last_name: LAST_NAME };

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    const groups = [await createCustomerGroup(m), await createCustomerGroup(m)];
    for (let i = 0; i < LIVE; i++) {
      await createCustomer(m, { email: `listpage-${i}@test.com`, last_name: LAST_NAME, group_ids: groups.slice(0, i % 3).map((g) => g.id) });
    }
    const deleted = await createCustomer(m, { email: 'listpage-deleted@test.com', last_name: LAST_NAME });
    await m.getRepository(Customer).softDelete(deleted.id);
    repo = t.dataSource.getRepository(Customer);
  });
  afterAll(() => t.close());

  it("count 'window' and 'separate' give the same page and total, past the end too", async () => {
    for (const skip of [0, 2, 4, 10]) {
      const separate = await listPage(repo, { where, config: config(skip, 2), count: 'separate' });
      const window = await listPage(repo, { where, config: config(skip, 2), count: 'window' });
      expect(window).toEqual(separate);
      expect(separate[1]).toBe(LIVE);
      expect(separate[0].map((c) => c.email)).toEqual(
        Array.from({ length: LIVE }, (_, i) => `listpage-${i}@test.com`)
          .sort()
          .slice(skip, skip + 2),
      );
    }
  });

  it('a query builder and a where give the same page and total, with either count', async () => {
    const byWhere = await listPage(repo, { where, config: config(1, 3) });
    for (const count of ['separate', 'window'] as const) {
      const query = repo.createQueryBuilder('customer').where('customer.last_name = :lastName', { lastName: LAST_NAME });
      expect(await listPage(repo, { query, config: config(1, 3), count })).toEqual(byWhere);
    }
  });

  it("relations load the same by 'query' and by 'json-tree', in the page's order, from a where or a query builder", async () => {
    const relations = ['groups', 'billing_address'];
    const [byQuery, total] = await listPage(repo, { where, config: config(0, 4, relations) });
    expect(byQuery.some((c) => c.groups!.length === 2)).toBe(true);
    const [byJsonTree, jsonTreeTotal] = await listPage(repo, { where, config: config(0, 4, relations), relationLoad: 'json-tree' });
    expect(summary(byJsonTree)).toEqual(summary(byQuery));
    expect(jsonTreeTotal).toBe(total);
    const query = repo.createQueryBuilder('customer').where('customer.last_name = :lastName', { lastName: LAST_NAME });
    const [fromQuery] = await listPage(repo, { query, config: config(0, 4, relations) });
    expect(summary(fromQuery)).toEqual(summary(byQuery));
  });

  it('`order` replaces config.order; `relations` replaces config.relations', async () => {
    const [page] = await listPage(repo, { where, config: config(0, LIVE, ['groups']), order: { email: 'DESC' }, relations: [] });
    expect(page.map((c) => c.email)).toEqual(Array.from({ length: LIVE }, (_, i) => `listpage-${LIVE - 1 - i}@test.com`));
    expect(page.every((c) => c.groups === undefined)).toBe(true);
  });

  it('withDeleted lists soft-deleted rows too', async () => {
    const [, live] = await listPage(repo, { where, config: config(0, 10) });
    const [rows, all] = await listPage(repo, { where, config: config(0, 10), withDeleted: true });
    expect([live, all]).toEqual([LIVE, LIVE + 1]);
    expect(rows.some((c) => c.email === 'listpage-deleted@test.com')).toBe(true);
  });
});

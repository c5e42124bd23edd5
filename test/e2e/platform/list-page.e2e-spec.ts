import { EntityManager } from 'typeorm';
import { ListSpec, runList } from '../../../src/common/query/list-spec';
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

/** A list of the customers named LAST_NAME, whose count and relation load each test varies. */
const CUSTOMERS: ListSpec<Customer> = {
  entity: Customer,
  alias: 'customer',
  query: {},
  filters: { last_name: { op: 'equals' }, deleted_at: { op: 'dates' } },
  includeDeletedWith: 'deleted_at',
  relationLoad: 'query',
};

describe("runList: a spec's count and relation load give the same pages and totals", () => {
  let t: TestApp;
  let manager: EntityManager;
  const filters = { last_name: LAST_NAME };
  const list = (config: FindConfig, spec: Partial<ListSpec<Customer>> = {}, f: Record<string, unknown> = filters) =>
    runList(manager, { ...CUSTOMERS, ...spec }, f, config);

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    const groups = [await createCustomerGroup(m), await createCustomerGroup(m)];
    for (let i = 0; i < LIVE; i++) {
      await createCustomer(m, { email: `listpage-${i}@test.com`, last_name: LAST_NAME, group_ids: groups.slice(0, i % 3).map((g) => g.id) });
    }
    const deleted = await createCustomer(m, { email: 'listpage-deleted@test.com', last_name: LAST_NAME });
    await m.getRepository(Customer).softDelete(deleted.id);
    manager = t.dataSource.manager;
  });
  afterAll(() => t.close());

  it("count 'window' and 'separate' give the same page and total, past the end too", async () => {
    for (const skip of [0, 2, 4, 10]) {
      const separate = await list(config(skip, 2), { count: { filtered: 'separate' } });
      const window = await list(config(skip, 2), { count: { filtered: 'window' } });
      expect(window).toEqual(separate);
      expect(separate[1]).toBe(LIVE);
      expect(separate[0].map((c) => c.email)).toEqual(
        Array.from({ length: LIVE }, (_, i) => `listpage-${i}@test.com`)
          .sort()
          .slice(skip, skip + 2),
      );
    }
  });

  it('the trigger-kept tally counts an unfiltered list as a COUNT does', async () => {
    const [, counted] = await list(config(0, 2), { filters: {} }, {});
    const [, tallied] = await list(config(0, 2), { filters: {}, count: { tally: 'customer' } }, {});
    expect(tallied).toBe(counted);
  });

  it("relations load the same by 'query' and by 'json-tree', in the page's order", async () => {
    const relations = ['groups', 'billing_address'];
    const [byQuery, total] = await list(config(0, 4, relations));
    expect(byQuery.some((c) => c.groups!.length === 2)).toBe(true);
    const [byJsonTree, jsonTreeTotal] = await list(config(0, 4, relations), { relationLoad: 'json-tree' });
    expect(summary(byJsonTree)).toEqual(summary(byQuery));
    expect(jsonTreeTotal).toBe(total);
  });

  it("a fixed order replaces config.order; relationLoad 'none' loads no relation", async () => {
    const [page] = await list(config(0, LIVE, ['groups']), { fixedOrder: { email: 'DESC' }, relationLoad: 'none' });
    expect(page.map((c) => c.email)).toEqual(Array.from({ length: LIVE }, (_, i) => `listpage-${LIVE - 1 - i}@test.com`));
    expect(page.every((c) => c.groups === undefined)).toBe(true);
  });

  it('a deleted_at filter lists soft-deleted rows too', async () => {
    const [, live] = await list(config(0, 10));
    const [rows, all] = await list(config(0, 10), {}, { ...filters, deleted_at: {} });
    expect([live, all]).toEqual([LIVE, LIVE + 1]);
    expect(rows.some((c) => c.email === 'listpage-deleted@test.com')).toBe(true);
  });
});

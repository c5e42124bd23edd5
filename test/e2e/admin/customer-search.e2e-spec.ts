import { CustomersService } from '../../../src/modules/customers/customers.service';
import { FrequentTrigrams } from '../../../src/common/query/frequent-trigrams';
import { compileList, pageQueryBuilder } from '../../../src/common/query/list-spec';
import { ADMIN_CUSTOMER_LIST } from '../../../src/modules/customers/customer-lists';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

/**
 * GET /admin/customers?q= over a table where most rows share some trigrams (every email
 * starts with "shopper" and ends with one domain): the trigram index is asked only for the
 * uncommon part of `q`, and the answer is still exactly the `%q%` match on email, first
 * name or last name.
 */
describe('Admin customer search with common trigrams (GET /admin/customers?q=)', () => {
  let t: TestApp;
  let admin: Agent;
  let service: CustomersService;
  const SURNAMES = ['Lovelace', 'Knuth', 'Turing', 'Dijkstra'];
  const customers: Array<{ id: string; email: string; first_name: string; last_name: string }> = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    service = t.app.get(CustomersService);
    for (let n = 1; n <= 400; n++) {
      customers.push({
        id: `cus_search_${String(n).padStart(4, '0')}`,
        email: `shopper${n}@store.example`,
        first_name: n % 2 ? 'Ada' : 'Grace',
        last_name: `${SURNAMES[n % 4]}${n}`,
      });
    }
    await t.dataSource.query(
      `INSERT INTO customer (id, email, first_name, last_name, has_account)
       SELECT * , false FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
      [customers.map((c) => c.id), customers.map((c) => c.email), customers.map((c) => c.first_name), customers.map((c) => c.last_name)],
    );
    await t.dataSource.query('ANALYZE customer');
    await service.resampleSearchTrigrams();
  });
  afterAll(() => t.close());

  const expected = (q: string) =>
    customers
      .filter((c) => [c.email, c.first_name, c.last_name].some((v) => v.toLowerCase().includes(q.toLowerCase())))
      .map((c) => c.id)
      .sort();

  it('asks the email index only for the part of the term without the shared prefix and domain', async () => {
    const terms = service.searchIndexTerms('shopper123@');
    // "shopper" and "r12" (shopper12, shopper120-129: 11 of 400) are common; "123@" is not.
    expect(terms.email).toBe('123@');
    // The names have none of these trigrams in common: the term is looked up whole.
    expect(terms.first_name).toBe('shopper123@');
    expect(terms.last_name).toBe('shopper123@');
    // A quarter of the surnames are Dijkstra<n>; "ra7" is in 4 of 400 (7, 71, 75, 79).
    expect(service.searchIndexTerms('Dijkstra7').last_name).toBe('ra7');
  });

  it.each(['shopper123@', 'per12@', 'SHOPPER12', 'shopper1', 'r12@', '@store', 'shopper400@store.example', 'per3', 'Dijkstra7', 'ra1', 'grace', 'nobody'])(
    'answers q=%s with exactly the customers whose email or name contains it, and their count',
    async (q) => {
      const want = expected(q);
      const res = await admin.get(`/admin/customers?q=${encodeURIComponent(q)}&limit=500`).expect(200);
      expect(res.body.customers.map((c: { id: string }) => c.id).sort()).toEqual(want);
      expect(res.body.count).toBe(want.length);
    },
  );

  it('counts every match while returning one page', async () => {
    const res = await admin.get('/admin/customers?q=shopper1&limit=5&offset=3').expect(200);
    expect(res.body.customers).toHaveLength(5);
    expect(res.body.count).toBe(expected('shopper1').length);
  });

  it('samples in the background: the first searches after start use the whole term, none waits for the sample', async () => {
    const trigrams = new FrequentTrigrams(t.dataSource, { table: 'customer', columns: ['email', 'last_name'], liveRows: 'deleted_at IS NULL' });
    expect(trigrams.byColumn().size).toBe(0);
    await trigrams.resample(); // joins the sample byColumn() started
    const email = trigrams.byColumn().get('email')!;
    expect([...email]).toEqual(expect.arrayContaining(['sho', 'hop', 'opp', 'ppe', 'per', 'sto', 'ore']));
    expect(email.has('123')).toBe(false);
  });

  it('searches with the whole term when sampling fails', async () => {
    const trigrams = new FrequentTrigrams(t.dataSource, { table: 'customer', columns: ['no_such_column'] });
    await trigrams.resample();
    expect(trigrams.byColumn().size).toBe(0);
  });

  it('keeps the full term out of the index condition, and checks it on the rows found', async () => {
    const spec = { ...ADMIN_CUSTOMER_LIST, q: { columns: ['email'] } };
    const config = { relations: [], skip: 0, take: 20, order: {} };
    const compiled = compileList(spec, { q: 'shopper123@' }, config, { indexTerms: { email: '123@' } });
    const [sql, params] = pageQueryBuilder(t.dataSource.manager, spec, { ...compiled, withDeleted: true }, config).getQueryAndParameters();
    await t.dataSource.query('SET enable_seqscan = off');
    try {
      const plan = (await t.dataSource.query(`EXPLAIN (FORMAT JSON) ${sql}`, params))[0]['QUERY PLAN'][0].Plan;
      const text = JSON.stringify(plan);
      expect(text).toContain('"Index Cond":"((email)::text ~~* \'%123@%\'::text)"');
      expect(text).not.toMatch(/"Index Cond":"[^"]*shopper123/);
      expect(text).toMatch(/shopper123@/);
    } finally {
      await t.dataSource.query('RESET enable_seqscan');
    }
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createProduct } from '../../factories/product.factory';

/**
 * The unfiltered GET /store/products takes its exact `count` from the database's tally of
 * published live products (migration ProductCounts), not from a count of the table;
 * the tally follows every way a product enters or leaves the published set.
 */
describe('Products: the count of the unfiltered store and admin lists', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Store product answers are cached until a change notice arrives (asynchronously): every read here is a query of its own.
  let reads = 0;
  const listed = async (query = '') => (await t.http().get(`/store/products?limit=${++reads}${query}`).expect(200)).body.count as number;
  const published = async () =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM product WHERE status = 'published' AND deleted_at IS NULL`))[0].n as number;
  const tally = async () =>
    (await t.dataSource.query(`SELECT COALESCE(sum(live), 0)::int AS n FROM live_row_count WHERE table_name = 'product:published'`))[0].n;

  it('counts the published live products through inserts, status changes, soft and hard deletes, in committed states only', async () => {
    const m = t.dataSource.manager;
    const base = await listed();
    const a = await createProduct(m, { title: 'A', handle: 'count-a' });
    const b = await createProduct(m, { title: 'B', handle: 'count-b' });
    const draft = await createProduct(m, { title: 'Draft', handle: 'count-draft', status: 'draft' });
    expect(await listed()).toBe(base + 2);

    await m.query(`UPDATE product SET status = 'published' WHERE id = $1`, [draft.id]);
    expect(await listed()).toBe(base + 3);
    await m.query(`UPDATE product SET status = 'proposed' WHERE id = $1`, [a.id]);
    expect(await listed()).toBe(base + 2);
    // An update that leaves the set as it is changes nothing.
    await m.query(`UPDATE product SET title = 'B2' WHERE id = $1`, [b.id]);
    expect(await listed()).toBe(base + 2);
    await m.query(`UPDATE product SET deleted_at = now() WHERE id = $1`, [b.id]);
    expect(await listed()).toBe(base + 1);
    // A rolled-back change leaves no trace in the tally.
    await m
      .transaction(async (tx) => {
        await tx.query(`UPDATE product SET deleted_at = now() WHERE id = $1`, [draft.id]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await listed()).toBe(base + 1);
    await m.query(`DELETE FROM product WHERE id = $1`, [draft.id]);
    expect(await listed()).toBe(base);

    expect({ listed: await listed(), tally: await tally() }).toEqual({ listed: await published(), tally: await published() });
    // The unfiltered total is the tally's (a row planted in it shows), a filtered one counts its matches.
    await m.query(`INSERT INTO live_row_count (table_name, backend, live) VALUES ('product:published', -1, 1000)`);
    expect(await listed()).toBe(base + 1000);
    await m.query(`DELETE FROM live_row_count WHERE table_name = 'product:published' AND backend = -1`);
    expect(await listed('&q=B2')).toBe(0);
    expect(await listed(`&id[]=${a.id}`)).toBe(0);
  });

  it('the admin list counts live products, drafts included, from the tally of live products', async () => {
    const m = t.dataSource.manager;
    const admin = await adminAgent(t);
    const count = async (query = '') => (await admin.get(`/admin/products?limit=1${query}`).expect(200)).body.count as number;
    const live = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM product WHERE deleted_at IS NULL`))[0].n as number;
    const base = await count();
    expect(base).toBe(await live());
    const draft = await createProduct(m, { title: 'Admin draft', handle: 'admin-count-draft', status: 'draft' });
    expect(await count()).toBe(base + 1);
    await m.query(`UPDATE product SET deleted_at = now() WHERE id = $1`, [draft.id]);
    expect(await count()).toBe(base);
    await m.query(`INSERT INTO live_row_count (table_name, backend, live) VALUES ('product', -1, 1000)`);
    expect(await count()).toBe(base + 1000);
    // Filtered lists count their matches (the soft-deleted draft among them when asked for).
    expect(await count('&status[]=draft')).toBe(0);
    await m.query(`DELETE FROM live_row_count WHERE table_name = 'product' AND backend = -1`);
    expect(await count()).toBe(await live());
  });
});

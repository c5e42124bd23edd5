import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { csvLines, downloadFile, FAST_QUEUE_ENV, hasStatus, waitForJob } from '../../helpers/batch-jobs';

jest.setTimeout(30_000);

/**
 * Checkout and background work with three instances (own HTTP server, pool and queue
 * workers each) on ONE database, requests spread over them as a load balancer would: the
 * database, not any process, decides who wins. One order per cart, a discount's usage
 * limit held across processes, a batch job run by exactly one worker.
 */
describe('Scale-out: checkout and batch jobs across three instances', () => {
  let instances: TestApp[] = [];
  let shop: Shop;
  const env = { ...FAST_QUEUE_ENV, DB_POOL_SIZE: '10', BATCH_JOB_EXPORT_PAGE_SIZE: '2' };

  beforeAll(async () => {
    const first = await createTestApp(env);
    instances = [first, await startTestApp(first.databaseUrl, env), await startTestApp(first.databaseUrl, env)];
    shop = await createShop(first.dataSource.manager, {
      product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
  }, 60_000);
  afterAll(async () => {
    // The first one owns the database: close it last.
    for (const t of [...instances].reverse()) await t.close();
  });

  const at = (i: number) => instances[i % instances.length];
  const db = () => instances[0].dataSource;
  const count = async (sql: string, params: unknown[]) => (await db().query(sql, params))[0].n as number;
  const stock = async (variantId: string) =>
    (await db().query('SELECT inventory_quantity FROM product_variant WHERE id = $1', [variantId]))[0].inventory_quantity as number;

  /** A cart made checkout-ready through instance `i` (so set-up itself crosses instances). */
  const readyCart = async (i: number, quantity = 1, extra: Record<string, unknown> = {}) => {
    const cart = await createCartViaApi(at(i), { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity }] });
    if (Object.keys(extra).length)
      await at(i + 1)
        .http()
        .post(`/store/carts/${cart.id}`)
        .send(extra)
        .expect(200);
    await prepareCheckout(at(i + 2), cart.id);
    return cart;
  };

  it('concurrent completions of one cart sent to different instances place exactly one order', async () => {
    const before = await stock(shop.variant.id);
    const cart = await readyCart(0, 3);
    const responses = await Promise.all(Array.from({ length: 9 }, (_, i) => at(i).http().post(`/store/carts/${cart.id}/complete`)));

    // Every answer is the one order (or a 409 for a completion that lost the race).
    const orders = responses.filter((r) => r.status === 200);
    for (const r of responses) expect([200, 409]).toContain(r.status);
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.every((r) => r.body.type === 'order')).toBe(true);
    const orderIds = new Set(orders.map((r) => r.body.data.id));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];

    expect(await count('SELECT count(*)::int AS n FROM "order" WHERE cart_id = $1', [cart.id])).toBe(1);
    expect((await db().query('SELECT id FROM "order" WHERE cart_id = $1', [cart.id]))[0].id).toBe(orderId);
    expect(await count('SELECT count(*)::int AS n FROM payment WHERE cart_id = $1', [cart.id])).toBe(1);
    expect(await stock(shop.variant.id)).toBe(before - 3);
    // And every instance reads back the same completed cart.
    for (const t of instances) {
      const res = await t.http().get(`/store/carts/${cart.id}`).expect(200);
      expect(res.body.cart.completed_at).not.toBeNull();
    }
  });

  it('a discount with usage_limit 3 raced by 8 carts across instances is used exactly 3 times', async () => {
    const limit = 3;
    const discount = await createDiscount(db().manager, { regions: [shop.region.id], usage_limit: limit });
    const before = await stock(shop.variant.id);
    const carts = [];
    for (let i = 0; i < 8; i++) carts.push(await readyCart(i, 1, { discounts: [{ code: discount.code }] }));

    const responses = await Promise.all(carts.map((c, i) => at(i).http().post(`/store/carts/${c.id}/complete`)));
    const won = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(won).toHaveLength(limit);
    expect(won.every((r) => r.body.type === 'order' && r.body.data.discounts.some((d: { id: string }) => d.id === discount.id))).toBe(true);
    for (const r of refused) {
      expect({ status: r.status, body: r.body }).toEqual({
        status: 400,
        body: { type: 'not_allowed', message: `Discount ${discount.code} has been used maximum allowed times` },
      });
    }

    expect((await db().query('SELECT usage_count FROM discount WHERE id = $1', [discount.id]))[0].usage_count).toBe(limit);
    expect(await count('SELECT count(*)::int AS n FROM order_discounts WHERE discount_id = $1', [discount.id])).toBe(limit);
    const cartIds = carts.map((c) => c.id);
    expect(await count('SELECT count(*)::int AS n FROM "order" WHERE cart_id = ANY($1)', [cartIds])).toBe(limit);
    expect(await count('SELECT count(*)::int AS n FROM payment WHERE cart_id = ANY($1)', [cartIds])).toBe(limit);
    // Refused carts stay open and took no stock.
    expect(await count('SELECT count(*)::int AS n FROM cart WHERE id = ANY($1) AND completed_at IS NULL', [cartIds])).toBe(8 - limit);
    expect(await stock(shop.variant.id)).toBe(before - limit);
  });

  it('batch jobs created through different instances are each processed exactly once by the workers of all three', async () => {
    const title = `Scale-out export ${Date.now()}`;
    const products = [];
    for (let i = 0; i < 5; i++) products.push(await createProduct(db().manager, { title: `${title} ${i}`, status: 'proposed' }));
    const ids = products.map((p) => p.id);
    const admin = await adminAgent(at(0));
    const agents = [admin, await adminAgent(at(1), admin.credentials), await adminAgent(at(2), admin.credentials)];
    const since = new Date();

    const created = await Promise.all(
      agents.map((agent) =>
        agent
          .post('/admin/batch-jobs')
          .send({ type: 'product-export', context: { filterable_fields: { id: ids } } })
          .expect(201),
      ),
    );
    const jobIds = created.map((r) => r.body.batch_job.id as string);
    const done = await Promise.all(jobIds.map((id, i) => waitForJob(agents[i], id, hasStatus('completed', 'failed'))));

    for (const job of done) {
      expect(job).toMatchObject({ status: 'completed', result: { count: 5 } });
      expect(job.result.errors).toBeUndefined();
      // One export file per job, and it has each product exactly once (5 products, 2 per page).
      const { lines } = csvLines(await downloadFile(admin, at(0).http, job.result.file_key));
      expect(lines.map((l) => l.split(';')[0]).sort()).toEqual([...ids].sort());
    }
    const fileKeys = new Set(done.map((j) => j.result.file_key));
    expect(fileKeys.size).toBe(3);
    expect(await count(`SELECT count(*)::int AS n FROM stored_file WHERE key LIKE 'exports/%' AND created_at >= $1`, [since])).toBe(3);
    // Each job finished once: one completion timestamp, never failed or processed again after it.
    const rows = await db().query('SELECT id, completed_at, failed_at FROM batch_job WHERE id = ANY($1)', [jobIds]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r: { completed_at: Date | null; failed_at: Date | null }) => r.completed_at !== null && r.failed_at === null)).toBe(true);
  });
});

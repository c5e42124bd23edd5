import { Client, Pool } from 'pg';
import type { PoolClient } from 'pg';
import { poolOf, runNamedStatement, StatementNamer, STATEMENTS_PER_CONNECTION, usePreparedStatements } from '../../../src/common/database/pg-internals';
import { MAX_EXPAND_RELATIONS } from '../../../src/common/query/expand-fields.interceptor';
import { ALLOWED_RELATIONS } from '../../../src/modules/products/store-products.controller';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/** Every non-empty subset of `items`, in a fixed order. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) all.push(items.filter((_, i) => mask & (1 << i)));
  return all;
}

/** Runs `fn` on every connection of the pool at once (all checked out together, so none repeats). */
async function onEveryConnection<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T[]> {
  const max = (pool as unknown as { options: { max: number } }).options.max;
  const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
  try {
    return await Promise.all(clients.map(fn));
  } finally {
    clients.forEach((c) => c.release());
  }
}

const treeStatementCount = async (client: PoolClient) =>
  Number((await client.query(`SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE 'json\\_tree\\_%'`)).rows[0].n);

describe('Statement memory: what clients choose to expand cannot fill the database server', () => {
  let t: TestApp;
  let pool: Pool;

  beforeAll(async () => {
    t = await createTestApp();
    pool = poolOf(t.dataSource);
    await createProduct(t.dataSource.manager, { title: 'Only product' });
  });
  afterAll(() => t.close());

  it('keeps at most a bounded number of tree statements on each pooled connection, whatever expand sets arrive', async () => {
    const sets = subsets(ALLOWED_RELATIONS).slice(0, 2000);
    expect(sets.length).toBe(2000);
    let next = 0;
    const statuses: number[] = [];
    // A few requests at a time, so every pooled connection takes its share.
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < sets.length) {
          const expand = sets[next++].join(',');
          statuses.push((await t.http().get(`/store/products?limit=1&expand=${expand}`)).status);
        }
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    const counts = await onEveryConnection(pool, treeStatementCount);
    for (const count of counts) expect(count).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION.tree);
    // The flood did reach the bound: 2 000 statements were spread over these connections.
    expect(Math.max(...counts)).toBe(STATEMENTS_PER_CONNECTION.tree);
  }, 300_000);

  it('still answers the default relation set, and every expand set, after evictions', async () => {
    const res = await t.http().get('/store/products?limit=1').expect(200);
    expect(res.body.products[0]).toMatchObject({ title: 'Only product', variants: [expect.objectContaining({ prices: expect.any(Array) })] });
    // An early set, long since deallocated on every connection, is prepared again.
    const again = await t.http().get(`/store/products?limit=1&expand=${ALLOWED_RELATIONS[0]}`).expect(200);
    expect(again.body.products[0]).toHaveProperty(ALLOWED_RELATIONS[0]);
  });

  it('deallocates on a connection without breaking queries already queued on it', async () => {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const run = (n: number) => runNamedStatement(client, 'tree', `json_tree_race_${n % 5}`, `SELECT ${n % 5}::int + $1::int AS v`, [n], 2);
      // All queued at once: evictions interleave with queued uses of the names they evict.
      const results = await Promise.all(Array.from({ length: 40 }, (_, n) => run(n)));
      expect(results.map((r) => r.rows[0].v)).toEqual(Array.from({ length: 40 }, (_, n) => (n % 5) + n));
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'json\\_tree\\_race\\_%'`);
      // Exactly the bound: the last two names used stay prepared, the three others were deallocated.
      expect(rows[0].n).toBe(2);
    } finally {
      await client.end();
    }
  });

  it('keeps at most a bounded number of repeated-text statements on a connection, however many texts repeat', async () => {
    const own = new Pool({ connectionString: t.databaseUrl, max: 1 });
    try {
      usePreparedStatements(own, new StatementNamer({ minLength: 1, sightingsBeforeNaming: 1, maxNames: 1000, maxTracked: 10 }));
      const texts = STATEMENTS_PER_CONNECTION.repeated + 50;
      const client = await own.connect();
      try {
        for (let n = 0; n < texts; n++) expect((await client.query(`SELECT $1::int + ${n} AS v`, [1])).rows[0].v).toBe(n + 1);
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'app\\_%'`);
        expect(rows[0].n).toBe(STATEMENTS_PER_CONNECTION.repeated);
      } finally {
        client.release();
      }
    } finally {
      await own.end();
    }
  });

  it(`refuses an expand naming more than ${MAX_EXPAND_RELATIONS} relations with a 400 invalid_data`, async () => {
    const expand = Array.from({ length: MAX_EXPAND_RELATIONS + 1 }, (_, i) => ALLOWED_RELATIONS[i % ALLOWED_RELATIONS.length]).join(',');
    const res = await t.http().get(`/store/products?expand=${expand}`).expect(400);
    expect(res.body).toEqual({
      type: 'invalid_data',
      message: `expand may name at most ${MAX_EXPAND_RELATIONS} relations; ${MAX_EXPAND_RELATIONS + 1} were given`,
    });
  });

  it('accepts an expand naming every relation a route allows', async () => {
    await t
      .http()
      .get(`/store/products?limit=1&expand=${ALLOWED_RELATIONS.join(',')}`)
      .expect(200);
  });
});

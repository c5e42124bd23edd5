import type { PoolClient } from 'pg';
import { poolOf } from '../../../src/common/database/pg-internals';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/** Repeated cart and product reads and writes: the statements an instance runs most. */
async function cartAndProductTraffic(t: TestApp): Promise<void> {
  const region = await createRegion(t.dataSource.manager);
  const product = await createProduct(t.dataSource.manager, { variants: [{ inventory_quantity: 50, prices: [{ currency_code: 'eur', amount: 500 }] }] });
  const cart = (await t.http().post('/store/carts').send({ region_id: region.id }).expect(200)).body.cart;
  for (let i = 0; i < 5; i++) {
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: product.variants![0].id, quantity: 1 }).expect(200);
    await t.http().get(`/store/carts/${cart.id}`).expect(200);
    await t.http().get(`/store/products/${product.id}`).expect(200);
  }
}

/** How many statements each pooled connection holds prepared (all connections checked out at once). */
async function preparedPerConnection(t: TestApp): Promise<number[]> {
  const pool = poolOf(t.dataSource);
  const max = (pool as unknown as { options: { max: number } }).options.max;
  const clients: PoolClient[] = await Promise.all(Array.from({ length: max }, () => pool.connect()));
  try {
    return await Promise.all(clients.map(async (c) => Number((await c.query('SELECT count(*) AS n FROM pg_prepared_statements')).rows[0].n)));
  } finally {
    clients.forEach((c) => c.release());
  }
}

/**
 * DB_PREPARED_STATEMENTS=false is the setting for a transaction-pooling PgBouncer (older
 * than 1.21), where a statement prepared on one server connection is unknown on the next:
 * then nothing may be prepared by name, not TypeORM's queries and not the JSON-tree reads.
 */
describe('DB_PREPARED_STATEMENTS=false: no statement is prepared by name', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DB_PREPARED_STATEMENTS: 'false' });
  });

  afterAll(() => t.close());

  it('leaves every pooled connection without prepared statements after repeated cart and product reads', async () => {
    await cartAndProductTraffic(t);
    const counts = await preparedPerConnection(t);
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(counts.map(() => 0));
  });
});

/** Positive control: the count above can see prepared statements, because by default they exist. */
describe('DB_PREPARED_STATEMENTS unset (the default): the same traffic does prepare statements by name', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('leaves named statements on the pooled connections', async () => {
    await cartAndProductTraffic(t);
    const counts = await preparedPerConnection(t);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});

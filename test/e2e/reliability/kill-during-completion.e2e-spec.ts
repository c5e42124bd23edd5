import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../../src/database/data-source-options';
import { createCartViaApi, createShop, prepareCheckout } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createTestDatabase, dropTestDatabase, TestApp } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { ServerProcess, startServerProcess } from '../../helpers/server-process';

jest.setTimeout(60_000);

/**
 * The real server (src/main.ts) SIGKILLed while a cart completion is inside its
 * transaction: it has already consumed a use of the discount, inserted the order and
 * debited the gift card, and is blocked on the variant row (the test holds that row's
 * lock), so the kill provably lands mid-way. After a restart on the same database nothing
 * of the half-done completion is left (no order, no payment, no discount use, gift card
 * balance and stock as before), and completing again (with the same Idempotency-Key, and
 * with a new one) places exactly one order.
 */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGKILL during cart completion', () => {
  let dbName: string;
  let url: string;
  let dataSource: DataSource;
  let observer: Client;
  let locker: Client | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
    dataSource = await new DataSource({ ...buildDataSourceOptions(url), extra: { max: 3, application_name: 'kill-test-fixtures' } } as never).initialize();
    observer = new Client({ connectionString: url, application_name: 'kill-test-observer' });
    await observer.connect();
  }, 60_000);

  // A failed test must not leave its lock (or its connection) to the next one.
  afterEach(async () => {
    await locker?.query('ROLLBACK').catch(() => undefined);
    await locker?.end().catch(() => undefined);
    locker = undefined;
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await observer?.end().catch(() => undefined);
    await dataSource?.destroy().catch(() => undefined);
    await dropTestDatabase(dbName);
  });

  const boot = async () => {
    const server = await startServerProcess(url, { DB_POOL_SIZE: '4', QUEUE_WORKERS: 'false' });
    servers.push(server);
    return server;
  };
  /** The test's row lock, released (and its connection closed) as soon as the kill has landed. */
  const releaseLock = async () => {
    await locker!.query('ROLLBACK');
    await locker!.end();
    locker = undefined;
  };
  /** What the cart factories need from a TestApp: HTTP to the child process. */
  const over = (server: ServerProcess) => ({ http: () => server.http() }) as unknown as TestApp;
  const one = async (sql: string, params: unknown[]) => (await dataSource.query(sql, params))[0];
  const appBackends = async () =>
    (await observer.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'medusa-compatible-api'`, [dbName]))
      .rows[0].n as number;

  it('leaves nothing of the interrupted completion, and completing again after a restart places exactly one order', async () => {
    const first = await boot();
    const shop = await createShop(dataSource.manager, {
      product: { variants: [{ inventory_quantity: 10, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
    const discount = await createDiscount(dataSource.manager, { regions: [shop.region.id], usage_limit: 5 });
    const card = await createGiftCard(dataSource.manager, { region_id: shop.region.id, value: 700 });
    const cart = await createCartViaApi(over(first), { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    await over(first)
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }], gift_cards: [{ code: card.code }] })
      .expect(200);
    await prepareCheckout(over(first), cart.id);

    const snapshot = async () => ({
      completed_at: (await one('SELECT completed_at FROM cart WHERE id = $1', [cart.id])).completed_at,
      orders: (await one('SELECT count(*)::int AS n FROM "order" WHERE cart_id = $1', [cart.id])).n,
      payments: (await one('SELECT count(*)::int AS n FROM payment WHERE cart_id = $1', [cart.id])).n,
      stock: (await one('SELECT inventory_quantity FROM product_variant WHERE id = $1', [shop.variant.id])).inventory_quantity,
      discount_uses: (await one('SELECT usage_count FROM discount WHERE id = $1', [discount.id])).usage_count,
      order_discounts: (await one('SELECT count(*)::int AS n FROM order_discounts WHERE discount_id = $1', [discount.id])).n,
      gift_card_balance: (await one('SELECT balance FROM gift_card WHERE id = $1', [card.id])).balance,
      gift_card_transactions: (await one('SELECT count(*)::int AS n FROM gift_card_transaction WHERE gift_card_id = $1', [card.id])).n,
    });
    const before = await snapshot();
    expect(before).toEqual({
      completed_at: null,
      orders: 0,
      payments: 0,
      stock: 10,
      discount_uses: 0,
      order_discounts: 0,
      gift_card_balance: 700,
      gift_card_transactions: 0,
    });

    // Hold the variant row: completion writes it after the discount, the order and the gift card.
    locker = new Client({ connectionString: url, application_name: 'kill-test-locker' });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM product_variant WHERE id = $1 FOR UPDATE', [shop.variant.id]);

    const key = `kill-${cart.id}`;
    const interrupted = first.fetch(`/store/carts/${cart.id}/complete`, { method: 'POST', headers: { 'Idempotency-Key': key } }).then(
      (r) => ({ status: r.status }),
      (err: Error) => ({ error: err.message }),
    );
    await until('the completion to block on the variant row', async () => {
      const { rows } = await observer.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = $1 AND application_name = 'medusa-compatible-api' AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE product_variant%'`,
        [dbName],
      );
      return rows[0].n === 1;
    });

    // Proof it is mid-way: its transaction already wrote the discount, the order and the gift card.
    const { rows: written } = await observer.query(
      `SELECT DISTINCT c.relname FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE a.datname = $1 AND a.wait_event_type = 'Lock' AND l.mode = 'RowExclusiveLock' AND c.relkind = 'r'`,
      [dbName],
    );
    expect(written.map((r) => r.relname)).toEqual(expect.arrayContaining(['discount', 'order', 'gift_card', 'gift_card_transaction']));

    process.kill(first.pid, 'SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await interrupted).toEqual({ error: 'fetch failed' });

    // The orphaned backend only notices its client is gone once it gets the lock: release it,
    // and wait until every connection of the dead process has ended (its transaction aborted).
    await releaseLock();
    await until('the dead process’s connections to end', async () => (await appBackends()) === 0);

    expect(await snapshot()).toEqual(before);
    // The key was recorded before the transaction, but no response: a retry with it runs the work.
    expect((await one('SELECT response_code FROM idempotency_key WHERE idempotency_key = $1', [key])).response_code).toBeNull();

    const second = await boot();
    const retried = await second.http().post(`/store/carts/${cart.id}/complete`).set('Idempotency-Key', key);
    expect({ status: retried.status, type: retried.body.type }).toEqual({ status: 200, type: 'order' });
    const orderId = retried.body.data.id;
    const fresh = await second.http().post(`/store/carts/${cart.id}/complete`).set('Idempotency-Key', `${key}-new`);
    expect({ status: fresh.status, type: fresh.body.type, id: fresh.body.data?.id }).toEqual({ status: 200, type: 'order', id: orderId });
    const replay = await second.http().post(`/store/carts/${cart.id}/complete`).set('Idempotency-Key', key);
    expect(replay.body).toEqual(retried.body);

    const after = await snapshot();
    expect(after.completed_at).not.toBeNull();
    expect({ ...after, completed_at: null }).toEqual({
      completed_at: null,
      orders: 1,
      payments: 1,
      stock: 8,
      discount_uses: 1,
      order_discounts: 1,
      gift_card_balance: 0,
      gift_card_transactions: 1,
    });
    const payment = await one('SELECT amount, order_id FROM payment WHERE cart_id = $1', [cart.id]);
    expect(payment.order_id).toBe(orderId);
    expect(payment.amount).toBe(retried.body.data.total);
  });

  it('a completion sent to a second instance while the killed one’s transaction still holds the cart waits for it, then places the only order', async () => {
    // The server the previous test restarted becomes the victim here (one boot fewer).
    const victim = servers.find((s) => s.child.exitCode === null && s.child.signalCode === null) ?? (await boot());
    const survivor = await boot();
    const shop = await createShop(dataSource.manager, {
      product: { variants: [{ inventory_quantity: 10, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
    const discount = await createDiscount(dataSource.manager, { regions: [shop.region.id], usage_limit: 5 });
    const card = await createGiftCard(dataSource.manager, { region_id: shop.region.id, value: 700 });
    const cart = await createCartViaApi(over(victim), { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 3 }] });
    await over(victim)
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ discounts: [{ code: discount.code }], gift_cards: [{ code: card.code }] })
      .expect(200);
    await prepareCheckout(over(survivor), cart.id);

    locker = new Client({ connectionString: url, application_name: 'kill-test-locker' });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM product_variant WHERE id = $1 FOR UPDATE', [shop.variant.id]);

    const waiters = async (query: string) =>
      (
        await observer.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = $1 AND application_name = 'medusa-compatible-api' AND wait_event_type = 'Lock' AND query ILIKE $2`,
          [dbName, query],
        )
      ).rows[0].n as number;
    const interrupted = victim.fetch(`/store/carts/${cart.id}/complete`, { method: 'POST', headers: { 'Idempotency-Key': `victim-${cart.id}` } }).then(
      (r) => ({ status: r.status }),
      (err: Error) => ({ error: err.message }),
    );
    await until('the victim’s completion to block on the variant row', async () => (await waiters('UPDATE product_variant%')) === 1);
    // The retry on the other instance queues behind the victim's lock on the cart row (two waiters now).
    const retried = survivor
      .http()
      .post(`/store/carts/${cart.id}/complete`)
      .set('Idempotency-Key', `survivor-${cart.id}`)
      .then((r) => r);
    await until('the retry to wait for the cart row too', async () => (await waiters('%')) === 2);

    process.kill(victim.pid, 'SIGKILL');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await interrupted).toEqual({ error: 'fetch failed' });
    await releaseLock();

    const res = await retried;
    expect({ status: res.status, type: res.body.type }).toEqual({ status: 200, type: 'order' });
    const again = await survivor.http().post(`/store/carts/${cart.id}/complete`).set('Idempotency-Key', `victim-${cart.id}`);
    expect({ status: again.status, id: again.body.data?.id }).toEqual({ status: 200, id: res.body.data.id });

    expect(await one('SELECT count(*)::int AS n FROM "order" WHERE cart_id = $1', [cart.id])).toEqual({ n: 1 });
    expect(await one('SELECT count(*)::int AS n FROM payment WHERE cart_id = $1', [cart.id])).toEqual({ n: 1 });
    expect(await one('SELECT inventory_quantity FROM product_variant WHERE id = $1', [shop.variant.id])).toEqual({ inventory_quantity: 7 });
    expect(await one('SELECT usage_count FROM discount WHERE id = $1', [discount.id])).toEqual({ usage_count: 1 });
    expect(await one('SELECT balance FROM gift_card WHERE id = $1', [card.id])).toEqual({ balance: 0 });
    expect(await one('SELECT count(*)::int AS n, sum(amount)::int AS spent FROM gift_card_transaction WHERE gift_card_id = $1', [card.id])).toEqual({
      n: 1,
      spent: 700,
    });
  });
});

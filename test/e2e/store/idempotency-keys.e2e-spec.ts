import { IdempotencyKeysService } from '../../../src/common/idempotency/idempotency-keys.service';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';

describe('Idempotency-Key handling on the idempotent cart routes', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  it('echoes the key and exposes it to browsers through CORS', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const res = await t.http().post(`/store/carts/${cart.id}/taxes`).set('Origin', 'http://localhost:8000').set('Idempotency-Key', 'client-key-1').expect(200);
    expect(res.headers['idempotency-key']).toBe('client-key-1');
    expect(res.headers['access-control-expose-headers']).toContain('Idempotency-Key');
    const row = await t.dataSource.query('SELECT request_method, request_path, response_code, recovery_point FROM idempotency_key WHERE idempotency_key = $1', [
      'client-key-1',
    ]);
    expect(row).toEqual([{ request_method: 'POST', request_path: `/store/carts/${cart.id}/taxes`, response_code: 200, recovery_point: 'finished' }]);
  });

  it('generates a v4 UUID when the client sends none, and refuses an oversized key', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const res = await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
    expect(res.headers['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const tooLong = await t.http().post(`/store/carts/${cart.id}/taxes`).set('Idempotency-Key', 'k'.repeat(256)).expect(400);
    expect(tooLong.body.type).toBe('invalid_data');
  });

  it('records a key it minted together with the response, so a retry with it replays', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const first = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
    const key = first.headers['idempotency-key'];
    const [row] = await t.dataSource.query('SELECT request_path, response_code, recovery_point FROM idempotency_key WHERE idempotency_key = $1', [key]);
    expect(row).toEqual({ request_path: `/store/carts/${cart.id}/line-items`, response_code: 200, recovery_point: 'finished' });
    const retry = await t
      .http()
      .post(`/store/carts/${cart.id}/line-items`)
      .set('Idempotency-Key', key)
      .send({ variant_id: shop.variant.id, quantity: 1 })
      .expect(200);
    expect(retry.text).toBe(first.text); // the recorded text itself, keys in their order
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(retry.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(retry.body.cart.items[0].quantity).toBe(1);

    // A failed request records nothing: its key runs the work when retried.
    const failed = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: 'variant_missing', quantity: 1 }).expect(400);
    const failedKey = failed.headers['idempotency-key'];
    expect(await t.dataSource.query('SELECT 1 FROM idempotency_key WHERE idempotency_key = $1', [failedKey])).toEqual([]);
    const rerun = await t
      .http()
      .post(`/store/carts/${cart.id}/line-items`)
      .set('Idempotency-Key', failedKey)
      .send({ variant_id: shop.variant.id, quantity: 1 })
      .expect(200);
    expect(rerun.body.cart.items[0].quantity).toBe(2);
  });

  it('compresses a large recorded response with LZ4 where the server has it, and replays it byte for byte', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const path = `/store/carts/${cart.id}/line-items`;
    const big = await t
      .http()
      .post(path)
      .send({ variant_id: shop.variant.id, quantity: 1, metadata: { note: 'x'.repeat(6000) } })
      .expect(200);
    const key = big.headers['idempotency-key'];
    const [{ lz4 }] = await t.dataSource.query(`SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
    const [{ method }] = await t.dataSource.query('SELECT pg_column_compression(response_body) AS method FROM idempotency_key WHERE idempotency_key = $1', [
      key,
    ]);
    expect(method).toBe(lz4 ? 'lz4' : 'pglz');
    const retry = await t
      .http()
      .post(path)
      .set('Idempotency-Key', key)
      .send({ variant_id: shop.variant.id, quantity: 1, metadata: { note: 'x'.repeat(6000) } })
      .expect(200);
    expect(retry.text).toBe(big.text);
  });

  it('strips a secret-named key from a recorded response as from any other (the recorded text is not sent as it is)', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const path = `/store/carts/${cart.id}/line-items`;
    const body = { variant_id: shop.variant.id, quantity: 1, metadata: { api_token: 'not-for-clients', gift: true } };
    const first = await t.http().post(path).send(body).expect(200);
    expect(first.body.cart.items[0].metadata).toEqual({ gift: true });
    expect(first.text).not.toContain('not-for-clients');
    const replay = await t.http().post(path).set('Idempotency-Key', first.headers['idempotency-key']).send(body).expect(200);
    expect(replay.text).toBe(first.text);
  });

  it('keeps keys for at least 24 hours; pruning removes only expired ones', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    for (const key of ['fresh-key', 'day-old-key', 'week-old-key']) {
      await t.http().post(`/store/carts/${cart.id}/taxes`).set('Idempotency-Key', key).expect(200);
    }
    await t.dataSource.query(`UPDATE idempotency_key SET created_at = now() - interval '23 hours' WHERE idempotency_key = 'day-old-key'`);
    await t.dataSource.query(`UPDATE idempotency_key SET created_at = now() - interval '8 days' WHERE idempotency_key = 'week-old-key'`);
    const service = t.app.get(IdempotencyKeysService);
    await service.pruneExpired(60_000); // asking for one minute still keeps a day
    const keys = async () =>
      (await t.dataSource.query(`SELECT idempotency_key FROM idempotency_key WHERE idempotency_key LIKE '%-key' ORDER BY 1`)).map(
        (r: { idempotency_key: string }) => r.idempotency_key,
      );
    expect(await keys()).toEqual(['day-old-key', 'fresh-key']);
    await service.pruneExpired();
    expect(await keys()).toEqual(['day-old-key', 'fresh-key']);
  });
});

import { BODY_SHAPE_LIMITS } from '../../../src/common/validation/body-shape';
import { MAX_LISTED_UNKNOWN } from '../../../src/common/validation/validation';
import { createShop, Shop } from '../../factories/cart.factory';
import { createTestApp, TestApp } from '../../helpers/app';

const manyKeys = (count: number, prefix = 'k') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

/** A JSON text of about `size` bytes: a list of objects of 150 small keys each (within the per-object bound) in `context`. */
function smallKeysBody(size: number, regionId: string): string {
  const list: Array<Record<string, number>> = [];
  let length = 0;
  while (length < size - 20_000) {
    list.push(manyKeys(150));
    length += JSON.stringify(list[list.length - 1]).length;
  }
  return JSON.stringify({ region_id: regionId, context: { list } });
}

function deepBody(levels: number): string {
  return `{"context":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;
}

/**
 * A body is refused cheaply before class-transformer and class-validator walk it: its depth,
 * the keys of any one object and its values are bounded (BODY_SHAPE_LIMITS) right after the
 * body parser. Before, 50 000 keys of `context` took seconds of event loop (every request of
 * every client waited), each unknown property was echoed in the 400 message, and JSON nested
 * 5 000 deep overflowed the validator's stack (500).
 */
describe('Oversized request bodies', () => {
  let t: TestApp;
  let shop: Shop;
  const carts = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM cart'))[0].n as number;
  const post = (path: string, json: string) => t.http().post(path).set('content-type', 'application/json').send(json);

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    await t.http().get('/store/regions').expect(200); // warm: the timings below are of refusals only
  });
  afterAll(() => t.close());

  it('refuses 50 000 keys in a free-form object with a short 400, creating nothing', async () => {
    const count = await carts();
    const body = JSON.stringify({ region_id: shop.region.id, context: manyKeys(50_000) });
    const started = performance.now();
    const res = await post('/store/carts', body).expect(400);
    const ms = performance.now() - started;
    expect(res.body).toEqual({
      type: 'invalid_data',
      message: `An object in the request body must not have more than ${BODY_SHAPE_LIMITS.keysPerObject} keys`,
    });
    expect(await carts()).toBe(count);
    console.log(`50 000 keys in context: refused in ${ms.toFixed(1)} ms (round trip, parse included)`);
  });

  it('refuses 50 000 unknown top-level properties without echoing them', async () => {
    const res = await t.http().post('/store/carts').send(manyKeys(50_000)).expect(400);
    expect(res.body.type).toBe('invalid_data');
    expect(res.body.message.length).toBeLessThan(200);
  });

  it('refuses a 1 MB body of small keys (objects within the per-object bound) with a short 400', async () => {
    const body = smallKeysBody(1_000_000, shop.region.id);
    expect(body.length).toBeGreaterThan(950_000);
    const count = await carts();
    const started = performance.now();
    const res = await post('/store/carts', body).expect(400);
    const ms = performance.now() - started;
    expect(res.body).toEqual({ type: 'invalid_data', message: `The request body must not hold more than ${BODY_SHAPE_LIMITS.values} values` });
    expect(await carts()).toBe(count);
    console.log(`1 MB body (${body.length} bytes) of small keys: refused in ${ms.toFixed(1)} ms (round trip, parse included)`);
  });

  it('answers JSON nested 5 000 deep with 400 invalid_data, not a stack overflow', async () => {
    const res = await post('/store/carts', deepBody(5_000)).expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: `The request body must not be nested more than ${BODY_SHAPE_LIMITS.depth} levels deep` });
    const admin = await post('/admin/customer-groups', deepBody(5_000)).expect(400);
    expect(admin.body).toEqual(res.body);
  });

  it(`lists at most ${MAX_LISTED_UNKNOWN} unknown properties and counts the rest`, async () => {
    const unknown = BODY_SHAPE_LIMITS.keysPerObject - 1;
    const res = await t
      .http()
      .post('/store/carts')
      .send({ region_id: shop.region.id, ...manyKeys(unknown, 'extra') })
      .expect(400);
    const listed = Array.from({ length: MAX_LISTED_UNKNOWN }, (_, i) => `property extra${i} should not exist`).join(', ');
    expect(res.body).toEqual({ type: 'invalid_data', message: `${listed}, and ${unknown - MAX_LISTED_UNKNOWN} more` });
    // A few problems are all listed, as Medusa lists them.
    const few = await t.http().post('/store/carts').send({ region_id: shop.region.id, a: 1, b: 2 }).expect(400);
    expect(few.body.message).toBe('property a should not exist, property b should not exist');
  });

  it('keeps answering other requests while three big bodies are refused', async () => {
    const body = JSON.stringify({ region_id: shop.region.id, context: manyKeys(60_000) });
    const bodies = [0, 1, 2].map(() => post('/store/carts', body).then((r) => r.status));
    const started = performance.now();
    const regions = await t.http().get('/store/regions').expect(200);
    const waited = performance.now() - started;
    expect(regions.body.regions.length).toBeGreaterThan(0);
    expect(await Promise.all(bodies)).toEqual([400, 400, 400]);
    // Generous: before, the GET waited for three bodies of many seconds each.
    expect(waited).toBeLessThan(3_000);
  });

  it('still accepts a large body that is within the bounds', async () => {
    const context = manyKeys(80); // a free-form object within STORED_JSON_BOUNDS
    const res = await t.http().post('/store/carts').send({ region_id: shop.region.id, context }).expect(200);
    expect(res.body.cart.context).toMatchObject(context);
  });
});

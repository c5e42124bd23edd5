import fc from 'fast-check';
import { createTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { createRegion } from '../../factories/region.factory';
import { businessTableCounts, businessTableDigests, changedTables } from '../../helpers/table-counts';

/**
 * Bad input is never a 500 and never a write. Every route is taken from the app's own
 * OpenAPI document, so a route added later is fuzzed without editing this file. Bounded:
 * a fixed seed and a few runs per route.
 */
interface Operation {
  method: 'get' | 'post' | 'delete';
  path: string;
}

const SEED = 20261122;
const RUNS_PER_ROUTE = 6;
/** Routes whose success is a side effect the fuzz cannot undo in-between (logging out the fuzzer). */
const SKIP = new Set(['delete /admin/auth', 'delete /store/auth']);

const nasty = fc.constantFrom(
  "' OR 1=1 --",
  '"; DROP TABLE "user"; --',
  '%',
  '_',
  '\\',
  '\u0000',
  'ÿ\uFFFF😀',
  '../../etc/passwd',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'x'.repeat(5000),
  '9'.repeat(40),
  'created_at;select pg_sleep(1)',
);
const scalar = fc.oneof(nasty, fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(-100), fc.constant(2 ** 53));
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nasty, fc.string()), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const knownKeys = [
  'email',
  'password',
  'title',
  'handle',
  'code',
  'name',
  'region_id',
  'quantity',
  'variant_id',
  'value',
  'rule',
  'items',
  'limit',
  'offset',
  'metadata',
  'customer_ids',
  'product_ids',
  'discounts',
  'is_disabled',
  'usage_limit',
  'type',
  'context',
  'dry_run',
  'balance',
  'ends_at',
];
const body = fc.oneof(
  jsonValue,
  fc.dictionary(fc.constantFrom(...knownKeys), scalar, { maxKeys: 6 }),
  fc.dictionary(fc.constantFrom(...knownKeys), jsonValue, { maxKeys: 4 }),
);
const query = fc.dictionary(
  fc.constantFrom('expand', 'fields', 'order', 'q', 'limit', 'offset', 'id', 'created_at[gt]', 'created_at[evil]', 'handle', 'email', 'region_id', 'junk'),
  fc.oneof(nasty, fc.string({ maxLength: 20 })),
  { maxKeys: 4 },
);
const pathParam = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 30 }), fc.constant('a'.repeat(300)));

function fillPath(template: string, params: string[]): string {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++ % params.length] || 'x'));
}

describe('Fuzzing every route with bad input (from /docs-json)', () => {
  let t: TestApp;
  let token: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_THROTTLE_LIMIT: '100000' });
    token = (await createAdminUser(t)).apiToken;
    const doc = (await t.http().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m): m is Operation['method'] => m === 'get' || m === 'post' || m === 'delete')
        .map((method) => ({ method, path }))
        .filter((op) => !SKIP.has(`${op.method} ${op.path}`)),
    );
  });
  afterAll(() => t.close());

  it('finds the routes to fuzz in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it('sees an UPDATE that leaves every row count as it was (positive control of the "writes nothing" check)', async () => {
    const region = await createRegion(t.dataSource.manager);
    const [counts, digests] = [await businessTableCounts(t.dataSource), await businessTableDigests(t.dataSource)];
    await t.dataSource.query(`UPDATE region SET name = name || ' (changed)' WHERE id = $1`, [region.id]);
    expect(await businessTableCounts(t.dataSource)).toEqual(counts);
    expect(changedTables(digests, await businessTableDigests(t.dataSource))).toContain('region');
  });

  it('answers every malformed request with a 4xx JSON {type, message} and writes nothing when it rejects', async () => {
    const failures: string[] = [];
    let sent = 0;
    let rejected = 0;
    // Every row of every business table is digested before and after each rejected request: an
    // INSERT, UPDATE or DELETE made by a request that answered 4xx shows as a changed table.
    let before = await businessTableDigests(t.dataSource);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(fc.array(pathParam, { minLength: 1, maxLength: 3 }), query, body, fc.boolean(), async (params, q, b, rawText) => {
          const url = fillPath(op.path, params);
          let req = t.http()[op.method](url).set('authorization', `Bearer ${token}`).query(q);
          if (op.method !== 'get') {
            req = rawText ? req.set('content-type', 'application/json').send('{"broken": ') : req.send(b as object);
          }
          const res = await req;
          sent++;
          if (res.status >= 500) failures.push(`${op.method.toUpperCase()} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          if (res.status >= 400 && res.status < 500 && res.status !== 404) {
            expect(typeof res.body.type).toBe('string');
            expect(typeof res.body.message).toBe('string');
          }
          const after = await businessTableDigests(t.dataSource);
          if (res.status >= 400) {
            rejected++;
            const changed = changedTables(before, after);
            if (changed.length) failures.push(`${op.method.toUpperCase()} ${url} -> ${res.status} changed rows of ${changed.join(', ')}`);
          }
          before = after;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(operations.length * RUNS_PER_ROUTE);
    // Most of what the fuzz sends is refused, so the "writes nothing" check above really ran.
    expect(rejected).toBeGreaterThan(sent / 2);
  }, 180_000);
});

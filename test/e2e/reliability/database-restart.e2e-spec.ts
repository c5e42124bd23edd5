import { runMigrations } from '../../../src/database/migrate';
import { createRegion } from '../../factories/region.factory';
import { startTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { PostgresProcess } from '../../helpers/postgres-process';

/**
 * PostgreSQL goes away under a running app and comes back. This file runs its own
 * embedded PostgreSQL (temp data dir, free port, in a child process), so stopping it
 * touches no other test.
 * While the database is down every request fails fast with 503 JSON
 * `{ type: 'service_unavailable' }` (never a 500, never a hang) and /health is 503; when it
 * is back on the same port the app recovers by itself, with sessions and data intact.
 */
const UNAVAILABLE = { type: 'service_unavailable', message: 'The service is temporarily unavailable. Please retry.' };

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('PostgreSQL restarted under a running app', () => {
  let pg: PostgresProcess | undefined;
  let t: TestApp | undefined;
  let adminCookie: string;
  let apiToken: string;
  let regionId: string;

  beforeAll(async () => {
    pg = await PostgresProcess.launch('restart');
    await runMigrations(pg.url);
    t = await startTestApp(pg.url, { DB_CONNECT_TIMEOUT_MS: '2000', LOGIN_THROTTLE_LIMIT: '1000' });
    const admin = await createAdminUser(t);
    apiToken = admin.apiToken;
    adminCookie = String((await t.http().post('/admin/auth').send({ email: admin.email, password: admin.password }).expect(200)).headers['set-cookie']).split(
      ';',
    )[0];
    regionId = (await createRegion(t.dataSource.manager)).id;
  }, 60_000);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await pg?.dispose();
  }, 30_000);

  /** A spread of routes through every layer that touches the database first. */
  const probes: Array<[string, () => import('supertest').Test]> = [
    ['a public store read', () => t!.http().get('/store/regions')],
    ['a store read by id', () => t!.http().get(`/store/regions/${regionId}`)],
    ['an admin read with a session cookie (session store first)', () => t!.http().get('/admin/currencies').set('cookie', adminCookie)],
    ['an admin read with an api token (user lookup first)', () => t!.http().get('/admin/currencies').set('x-medusa-access-token', apiToken)],
    ['a login (throttle counter first)', () => t!.http().post('/admin/auth').send({ email: 'a@b.co', password: 'whatever' })],
    ['a store login', () => t!.http().post('/store/auth').send({ email: 'a@b.co', password: 'whatever' })],
    ['an admin write', () => t!.http().post('/admin/currencies/usd').set('x-medusa-access-token', apiToken).send({ includes_tax: true })],
  ];

  it('serves normally before the fault', async () => {
    await t!.http().get('/health').expect(200);
    for (const [, probe] of probes.slice(0, 4)) expect((await probe()).status).toBe(200);
  });

  it('answers in-flight and new requests with 503 JSON while PostgreSQL is down, and recovers by itself', async () => {
    // Traffic in flight while PostgreSQL shuts down: each request either completes or is a 503.
    let stopping = true;
    const seen: number[] = [];
    const inFlight = Array.from({ length: 8 }, async () => {
      while (stopping) seen.push((await t!.http().get('/store/regions')).status);
    });
    await until('traffic before the stop', async () => (seen.length >= 8 ? true : undefined));
    await pg!.stop();
    // Until the traffic has met the outage (however slowly a loaded machine runs the loops).
    await until('a request to meet the outage', async () => (seen.includes(503) ? true : undefined));
    stopping = false;
    await Promise.all(inFlight);
    expect(seen.length).toBeGreaterThan(8);
    expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(seen).toContain(503);

    // While down: every layer fails fast with the same 503, /health says so.
    const health = await t!.http().get('/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual(UNAVAILABLE);
    for (const [name, probe] of probes) {
      const started = Date.now();
      const res = await probe();
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 503, body: UNAVAILABLE });
      // Fast: a refused connection, not a wait for a pool slot or a timeout (generous for a loaded machine).
      expect(Date.now() - started).toBeLessThan(10_000);
    }

    // Back on the same port and data dir: the pool reconnects on its own.
    await pg!.start();
    await until('/health to answer 200', async () => ((await t!.http().get('/health')).status === 200 ? true : undefined), 60_000);

    for (const [name, probe] of probes.slice(0, 4)) expect({ name, status: (await probe()).status }).toEqual({ name, status: 200 });
    const me = await t!.http().get('/admin/auth').set('cookie', adminCookie).expect(200);
    expect(me.body.user.api_token).toBeUndefined();
    expect((await t!.http().get(`/store/regions/${regionId}`).expect(200)).body.region.id).toBe(regionId);
  }, 150_000);
});

import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { PgAttemptCounters } from '../../../src/common/throttling/pg-attempt-counters';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';

/**
 * Failed logins are limited, not logins: per (client address, email) a small budget
 * (LOGIN_THROTTLE_LIMIT, 3 here) and per client address a larger one
 * (LOGIN_THROTTLE_ADDRESS_LIMIT, 8 here), counted in PostgreSQL so every instance sees
 * them. Nothing is keyed by the email alone: an account attacked from elsewhere still
 * opens for its owner. Registrations are limited per address per minute.
 * Client addresses are simulated with X-Forwarded-For where the app trusts one proxy hop.
 */
const PAIR_LIMIT = 3;
const ADDRESS_LIMIT = 8;
const TOO_MANY = { type: 'too_many_requests', message: 'Too many login attempts. Please try again later.' };
const LOGIN_ROUTES = ['/admin/auth', '/admin/auth/token', '/store/auth', '/store/auth/token'];

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const freshEmail = () => `nobody-${randomBytes(4).toString('hex')}@test.com`;

async function registerCustomer(t: TestApp, ip?: string) {
  const email = freshEmail();
  const req = t.http().post('/store/customers');
  if (ip) req.set('X-Forwarded-For', ip);
  const res = await req.send({ email, password: 'right-password', first_name: 'Sam', last_name: 'Shopper' });
  return { res, email, password: 'right-password' };
}

describe('Login throttling behind a trusted proxy', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = {
      TRUST_PROXY: 'true',
      LOGIN_THROTTLE_LIMIT: String(PAIR_LIMIT),
      LOGIN_THROTTLE_ADDRESS_LIMIT: String(ADDRESS_LIMIT),
      REGISTRATION_THROTTLE_LIMIT: '3',
    };
    a = await createTestApp(env);
    b = await startTestApp(a.databaseUrl, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (t: TestApp, ip: string, email: string, path = '/admin/auth', password = 'wrong-password') =>
    t.http().post(path).set('X-Forwarded-For', ip).send({ email, password });

  it('lets the owner log in from a clean address after 40 wrong passwords for the account from 8 other addresses', async () => {
    const admin = await createAdminUser(a);
    const customer = await registerCustomer(a, freshIp());
    expect(customer.res.status).toBe(200);
    for (const [email, route] of [
      [admin.email, '/admin/auth'],
      [customer.email, '/store/auth'],
    ]) {
      const statuses: number[] = [];
      for (let address = 0; address < 8; address++) {
        const ip = freshIp();
        for (let i = 0; i < 5; i++) statuses.push((await login(a, ip, email, route)).status);
      }
      // Each attacking address was stopped after its own small budget for this account ...
      expect(statuses.filter((s) => s === 401)).toHaveLength(8 * PAIR_LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(8 * (5 - PAIR_LIMIT));
    }
    // ... and the account itself is not locked.
    const owner = freshIp();
    const adminLogin = await login(a, owner, admin.email, '/admin/auth', admin.password).expect(200);
    expect(adminLogin.headers['set-cookie']).toBeDefined();
    await login(a, owner, admin.email, '/admin/auth/token', admin.password).expect(200);
    await login(a, owner, customer.email, '/store/auth', customer.password).expect(200);
    await login(a, owner, customer.email, '/store/auth/token', customer.password).expect(200);
  }, 180_000);

  it('refuses one address that fails for many accounts once it is over its budget, whatever the password', async () => {
    const admin = await createAdminUser(a);
    const ip = freshIp();
    for (let i = 0; i < ADDRESS_LIMIT; i++) await login(a, ip, freshEmail(), LOGIN_ROUTES[i % LOGIN_ROUTES.length]).expect(401);
    const refused = await login(a, ip, freshEmail()).expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A correct password from the failing address gets the same answer (no oracle), and no session.
    const correct = await login(a, ip, admin.email, '/admin/auth', admin.password).expect(429);
    expect(correct.body).toEqual(TOO_MANY);
    expect(correct.headers['set-cookie']).toBeUndefined();
    await login(a, freshIp(), admin.email, '/admin/auth', admin.password).expect(200);
  });

  it('gives one address a small budget of wrong passwords per account, shared by every login route', async () => {
    const admin = await createAdminUser(a);
    const ip = freshIp();
    for (const route of LOGIN_ROUTES.slice(0, PAIR_LIMIT)) await login(a, ip, admin.email, route).expect(401);
    expect((await login(a, ip, admin.email.toUpperCase(), LOGIN_ROUTES[PAIR_LIMIT]).expect(429)).body).toEqual(TOO_MANY);
    await login(a, ip, admin.email, '/admin/auth', admin.password).expect(429);
    // The same address may still fail for other accounts (its address-wide budget is not spent).
    await login(a, ip, freshEmail()).expect(401);
  });

  it('starts an account’s count afresh after a correct password', async () => {
    const admin = await createAdminUser(a);
    const ip = freshIp();
    for (let i = 0; i < PAIR_LIMIT - 1; i++) await login(a, ip, admin.email).expect(401);
    await login(a, ip, admin.email, '/admin/auth/token', admin.password).expect(200);
    for (let i = 0; i < PAIR_LIMIT; i++) await login(a, ip, admin.email).expect(401);
    await login(a, ip, admin.email).expect(429);
  });

  it('never counts successful logins, nor other routes', async () => {
    const admin = await createAdminUser(a);
    const ip = freshIp();
    for (let i = 0; i < ADDRESS_LIMIT + 4; i++) await login(a, ip, admin.email, '/admin/auth/token', admin.password).expect(200);
    for (let i = 0; i < ADDRESS_LIMIT + 4; i++) await a.http().get('/store/regions').set('X-Forwarded-For', ip).expect(200);
    await login(a, ip, freshEmail()).expect(401);
  });

  it('shares the counts between two instances on the same database', async () => {
    const email = freshEmail();
    const ip = freshIp();
    await login(a, ip, email).expect(401);
    await login(b, ip, email).expect(401);
    await login(a, ip, email).expect(401);
    expect((await login(b, ip, email).expect(429)).body).toEqual(TOO_MANY);
    expect((await login(a, ip, email).expect(429)).body).toEqual(TOO_MANY);
  });

  it('lets a burst of wrong passwords sent at once, through two instances, check no more passwords than the budget', async () => {
    const admin = await createAdminUser(a);
    const ip = freshIp();
    const statuses = (
      await Promise.all(Array.from({ length: 24 }, (_, i) => login(i % 2 ? b : a, ip, admin.email, i % 4 < 2 ? '/admin/auth' : '/admin/auth/token')))
    ).map((res) => res.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(PAIR_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(24 - PAIR_LIMIT);
    // The refused attempts were not counted: the address-wide budget still has room for another account.
    await login(a, ip, freshEmail()).expect(401);
  });

  it('limits registrations per address per minute, leaving other addresses alone', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await registerCustomer(a, ip)).res.status).toBe(200);
    const refused = (await registerCustomer(b, ip)).res;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ type: 'too_many_requests', message: 'Too many registrations from this address. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await registerCustomer(a, freshIp())).res.status).toBe(200);
  });
});

describe('Login throttling with the default settings (no trusted proxy)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_THROTTLE_ADDRESS_LIMIT: String(ADDRESS_LIMIT) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets one address (a server-rendered storefront) register and log in 60 shoppers within a minute', async () => {
    const statuses: number[] = [];
    // Four at a time, as a storefront server would send them.
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          const shopper = await registerCustomer(t);
          statuses.push(shopper.res.status);
          const res = await t.http().post('/store/auth').send({ email: shopper.email, password: shopper.password });
          statuses.push(res.status);
        }),
      );
    }
    expect(statuses).toEqual(Array(120).fill(200));
  }, 180_000);

  it('takes the address from the connection, so a forged X-Forwarded-For gives no fresh budget', async () => {
    for (let i = 0; i < ADDRESS_LIMIT; i++) {
      await t.http().post('/store/auth').set('X-Forwarded-For', freshIp()).send({ email: freshEmail(), password: 'wrong-password' }).expect(401);
    }
    const res = await t.http().post('/store/auth').set('X-Forwarded-For', freshIp()).send({ email: freshEmail(), password: 'wrong-password' }).expect(429);
    expect(res.body).toEqual(TOO_MANY);
  });
});

describe('PgAttemptCounters', () => {
  let t: TestApp;
  let other: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    other = await new DataSource({ type: 'postgres', url: t.databaseUrl, extra: { max: 5 } }).initialize();
  });
  afterAll(async () => {
    await other?.destroy();
    await t?.close();
  });

  const key = () => `test-${randomBytes(6).toString('hex')}`;

  it('loses no hit when two connection pools add to the same keys at once', async () => {
    const [k1, k2] = [key(), key()];
    const counters = [new PgAttemptCounters(t.dataSource), new PgAttemptCounters(other)];
    // Keys given in both orders: the counters take rows in one order, so no deadlock either.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => counters[i % 2].add(i % 4 < 2 ? [k1, k2] : [k2, k1], 60_000)));
    counters.forEach((c) => c.onModuleDestroy());
    expect(results.map((r) => r.get(k1)!.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(results.every((r) => r.get(k1)!.expiresIn > 0 && r.get(k1)!.expiresIn <= 60)).toBe(true);
    expect((await counters[0].current([k1, k2])).get(k2)?.hits).toBe(40);
  });

  it('starts a fresh window once the ttl has passed, and reports nothing for an expired or cleared key', async () => {
    const counters = new PgAttemptCounters(t.dataSource);
    const k = key();
    // A window long enough that two adds in a row fall inside it on a loaded machine.
    const ttlMs = 2_500;
    await counters.add([k], ttlMs);
    expect((await counters.add([k], ttlMs)).get(k)?.hits).toBe(2);
    await new Promise((r) => setTimeout(r, ttlMs + 200));
    expect((await counters.current([k])).has(k)).toBe(false);
    expect((await counters.add([k], ttlMs)).get(k)?.hits).toBe(1);
    await counters.clear([k]);
    expect((await counters.current([k])).has(k)).toBe(false);
    counters.onModuleDestroy();
  });

  it('cleans up counters whose window is over, and keeps live ones', async () => {
    const counters = new PgAttemptCounters(t.dataSource);
    const expired = key();
    const live = key();
    await counters.add([expired], 100);
    await counters.add([live], 60_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await counters.removeExpired()).toBeGreaterThanOrEqual(1);
    const rows: Array<{ key: string }> = await t.dataSource.query(`SELECT key FROM throttle_counter WHERE key = ANY($1)`, [[expired, live]]);
    expect(rows.map((r) => r.key)).toEqual([live]);
    counters.onModuleDestroy();
  });
});

import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { PgThrottlerStorage } from '../../../src/common/throttling/pg-throttler.storage';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';

/**
 * Login attempts are limited per client IP and per email, counted in PostgreSQL so the
 * limits hold across every instance. LOGIN_THROTTLE_LIMIT is 3 here: the 4th attempt in
 * the window answers 429. Each test uses its own client IPs (X-Forwarded-For, trusted
 * from one proxy hop) and emails, so the tests do not share counters.
 */
const LIMIT = 3;
const TOO_MANY = { type: 'too_many_requests', message: 'Too many login attempts. Please try again later.' };

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const freshEmail = () => `nobody-${randomBytes(4).toString('hex')}@test.com`;

describe('Login throttling', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp({ LOGIN_THROTTLE_LIMIT: String(LIMIT), LOGIN_THROTTLE_TTL_MS: '60000', TRUST_PROXY: 'true' });
    b = await startTestApp(a.databaseUrl);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const login = (t: TestApp, ip: string, email: string, path = '/admin/auth', password = 'wrong-password') =>
    t.http().post(path).set('X-Forwarded-For', ip).send({ email, password });

  it('answers the attempt after the per-IP limit with 429 JSON and Retry-After, whatever the email', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await login(a, ip, freshEmail());
      expect(res.status).toBe(401);
      expect(res.headers['x-ratelimit-remaining-login-ip']).toBe(String(LIMIT - i - 1));
    }
    const blocked = await login(a, ip, freshEmail()).expect(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after-login-ip'])).toBeGreaterThan(0);
  });

  it('blocks a correct password too once the limit is reached (no oracle for the attacker)', async () => {
    const creds = await createAdminUser(a);
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i++) await login(a, ip, creds.email).expect(401);
    const res = await login(a, ip, creds.email, '/admin/auth', creds.password).expect(429);
    expect(res.body).toEqual(TOO_MANY);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('limits one email attacked from many IPs, and leaves other emails from those IPs alone', async () => {
    const email = freshEmail();
    const ips = Array.from({ length: LIMIT + 1 }, freshIp);
    for (let i = 0; i < LIMIT; i++) await login(a, ips[i], email).expect(401);
    expect((await login(a, ips[LIMIT], email).expect(429)).body).toEqual(TOO_MANY);
    expect((await login(a, ips[LIMIT], email.toUpperCase()).expect(429)).body).toEqual(TOO_MANY);
    await login(a, ips[LIMIT], freshEmail()).expect(401);
  });

  it('shares one budget across every login route (admin and store, cookie and token)', async () => {
    const ip = freshIp();
    await login(a, ip, freshEmail(), '/admin/auth').expect(401);
    await login(a, ip, freshEmail(), '/admin/auth/token').expect(401);
    await login(a, ip, freshEmail(), '/store/auth').expect(401);
    expect((await login(a, ip, freshEmail(), '/store/auth/token').expect(429)).body).toEqual(TOO_MANY);
  });

  it('does not count requests to routes that are not logins', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT * 2; i++) await a.http().get('/store/regions').set('X-Forwarded-For', ip).expect(200);
    await login(a, ip, freshEmail()).expect(401);
  });

  it('shares the counts between two instances on the same database', async () => {
    const ip = freshIp();
    await login(a, ip, freshEmail()).expect(401);
    await login(b, ip, freshEmail()).expect(401);
    await login(a, ip, freshEmail()).expect(401);
    expect((await login(b, ip, freshEmail()).expect(429)).body).toEqual(TOO_MANY);
    expect((await login(a, ip, freshEmail()).expect(429)).body).toEqual(TOO_MANY);
  });

  it('counts every one of many concurrent attempts spread over two instances', async () => {
    const email = freshEmail();
    const attempts = 12;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, i) => login(i % 2 ? a : b, freshIp(), email).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(attempts - LIMIT);
  });
});

describe('PgThrottlerStorage', () => {
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

  it('loses no hit when two connection pools increment one key at once', async () => {
    const k = key();
    const stores = [new PgThrottlerStorage(t.dataSource), new PgThrottlerStorage(other)];
    const records = await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2].increment(k, 60_000, 1000, 60_000)));
    stores.forEach((s) => s.onModuleDestroy());
    expect(records.map((r) => r.totalHits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(records.every((r) => !r.isBlocked && r.timeToExpire > 0 && r.timeToExpire <= 60)).toBe(true);
  });

  it('blocks past the limit without counting further hits, then starts a fresh window when the block ends', async () => {
    const store = new PgThrottlerStorage(t.dataSource);
    const k = key();
    const hit = () => store.increment(k, 60_000, 2, 400);
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 1 });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    store.onModuleDestroy();
  });

  it('starts a fresh window once the ttl has passed', async () => {
    const store = new PgThrottlerStorage(t.dataSource);
    const k = key();
    await store.increment(k, 300, 10, 300);
    expect((await store.increment(k, 300, 10, 300)).totalHits).toBe(2);
    await new Promise((r) => setTimeout(r, 400));
    expect((await store.increment(k, 300, 10, 300)).totalHits).toBe(1);
    store.onModuleDestroy();
  });

  it('cleans up counters whose window and block are over, and keeps live ones', async () => {
    const store = new PgThrottlerStorage(t.dataSource);
    const expired = key();
    const blocked = key();
    const live = key();
    await store.increment(expired, 100, 10, 100);
    await store.increment(blocked, 100, 0, 60_000);
    await store.increment(live, 60_000, 10, 60_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await store.removeExpired()).toBeGreaterThanOrEqual(1);
    const rows: Array<{ key: string }> = await t.dataSource.query(`SELECT key FROM throttle_counter WHERE key = ANY($1)`, [[expired, blocked, live]]);
    expect(rows.map((r) => r.key).sort()).toEqual([blocked, live].sort());
    store.onModuleDestroy();
  });
});

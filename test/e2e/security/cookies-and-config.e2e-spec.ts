import * as jwt from 'jsonwebtoken';
import { loadConfig } from '../../../src/config/configuration';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { spawnTs } from '../../helpers/server-process';

/**
 * Production behind a TLS-terminating proxy: the session cookie is Secure and
 * SameSite=None (the admin and storefront live on other origins), and is only sent over
 * HTTPS as the proxy reports it (X-Forwarded-Proto, trusted from one hop). Secrets are
 * required in production. CORS answers only configured origins; helmet sets its headers.
 */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'prod-session-secret-for-tests-0123456789',
  JWT_SECRET: 'prod-jwt-secret-for-tests-0123456789abcdef',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'silent',
  STORE_CORS: 'http://shop.test,/^https:\\/\\/[a-z0-9]+\\.preview\\.shop\\.test$/',
  ADMIN_CORS: 'https://admin.shop.test',
};

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'] as string[] | undefined;
  return header?.find((c) => c.startsWith('connect.sid='));
};

describe('Configuration: secrets are required in production', () => {
  it.each([
    ['production', { SESSION_SECRET: undefined, JWT_SECRET: 'j' }],
    ['production', { SESSION_SECRET: 's', JWT_SECRET: undefined }],
    ['production', { SESSION_SECRET: undefined, JWT_SECRET: undefined }],
    ['staging', { SESSION_SECRET: 's', JWT_SECRET: undefined }],
  ])('refuses to load with NODE_ENV=%s and %j', (nodeEnv, secrets) => {
    const env = { NODE_ENV: nodeEnv, ...secrets } as NodeJS.ProcessEnv;
    expect(() => loadConfig(env)).toThrow('SESSION_SECRET and JWT_SECRET must be set when NODE_ENV is production');
  });

  it('accepts COOKIE_SECRET (Medusa v1 name) for the session secret', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      COOKIE_SECRET: PRODUCTION_ENV.SESSION_SECRET,
      JWT_SECRET: PRODUCTION_ENV.JWT_SECRET,
    } as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ isProduction: true, sessionSecret: PRODUCTION_ENV.SESSION_SECRET, jwtSecret: PRODUCTION_ENV.JWT_SECRET });
  });

  it('refuses short secrets and published example values (details in src/config/configuration.spec.ts)', () => {
    const env = (secrets: Record<string, string>) => ({ ...PRODUCTION_ENV, ...secrets }) as NodeJS.ProcessEnv;
    expect(() => loadConfig(env({ SESSION_SECRET: 'short' }))).toThrow(/SESSION_SECRET must be at least 32 characters/);
    expect(() => loadConfig(env({ JWT_SECRET: 'insecure-local-jwt-secret-change-me' }))).toThrow(/JWT_SECRET is a published example value/);
  });

  it('falls back to random development secrets outside production, never to a published value', () => {
    const config = loadConfig({ NODE_ENV: 'development' } as NodeJS.ProcessEnv, { warn: () => undefined });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect([config.sessionSecret, config.jwtSecret]).not.toContain('supersecret');
    expect(config.isProduction).toBe(false);
    expect(config.sessionSecret).toBeTruthy();
    expect(config.jwtSecret).toBeTruthy();
  });

  it('stops `npm start` before anything starts, with one line naming what to set', async () => {
    // The server's entry point reads the environment once (loadConfig) and refuses there.
    const child = spawnTs('src/main.ts', {
      NODE_ENV: 'production',
      SESSION_SECRET: '',
      COOKIE_SECRET: '',
      JWT_SECRET: '',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe('Failed to start: SESSION_SECRET and JWT_SECRET must be set when NODE_ENV is production');
  }, 60_000);
});

describe('Session cookie in production behind TLS', () => {
  let t: TestApp;
  let creds: Awaited<ReturnType<typeof createAdminUser>>;

  beforeAll(async () => {
    t = await createTestApp(PRODUCTION_ENV);
    creds = await createAdminUser(t);
  });
  afterAll(() => t?.close());

  const httpsLogin = () => t.http().post('/admin/auth').set('X-Forwarded-Proto', 'https').send({ email: creds.email, password: creds.password });

  it('sets an HttpOnly, Secure, SameSite=None cookie when the proxy reports HTTPS', async () => {
    const cookie = cookieOf(await httpsLogin().expect(200));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=None/i);
    expect(cookie).toMatch(/; Expires=/i);
  });

  it('authenticates later HTTPS requests with that cookie', async () => {
    const cookie = cookieOf(await httpsLogin().expect(200))!.split(';')[0];
    const me = await t.http().get('/admin/auth').set('X-Forwarded-Proto', 'https').set('Cookie', cookie).expect(200);
    expect(me.body.user.id).toBe(creds.user.id);
  });

  it('never sends the session cookie over plain HTTP', async () => {
    const res = await t.http().post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200);
    expect(cookieOf(res)).toBeUndefined();
  });

  it('rejects a JWT signed with the development secret', async () => {
    const forged = jwt.sign({ user_id: creds.user.id, domain: 'admin' }, 'supersecret', { expiresIn: '1h' });
    const res = await t.http().get('/admin/auth').set('Authorization', `Bearer ${forged}`).expect(401);
    expect(res.body.type).toBe('unauthorized');
  });

  it('accepts a JWT it issued with the production secret', async () => {
    const token = await t.http().post('/admin/auth/token').send({ email: creds.email, password: creds.password }).expect(200);
    expect(jwt.verify(token.body.access_token, PRODUCTION_ENV.JWT_SECRET)).toMatchObject({ user_id: creds.user.id });
    await t.http().get('/admin/auth').set('Authorization', `Bearer ${token.body.access_token}`).expect(200);
  });

  it('gives a customer a new session id at login and kills the one it came with (no fixation)', async () => {
    const planted = cookieOf(await httpsLogin().expect(200))!.split(';')[0];
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret-pass' });
    const res = await t
      .http()
      .post('/store/auth')
      .set('X-Forwarded-Proto', 'https')
      .set('Cookie', planted)
      .send({ email: customer.email, password: 'secret-pass' })
      .expect(200);
    const fresh = cookieOf(res)!.split(';')[0];
    expect(fresh).not.toBe(planted);
    await t.http().get('/admin/auth').set('X-Forwarded-Proto', 'https').set('Cookie', planted).expect(401);
    await t.http().get('/store/auth').set('X-Forwarded-Proto', 'https').set('Cookie', fresh).expect(200);
  });

  describe('CORS only for configured origins', () => {
    const preflight = (path: string, origin: string) =>
      t.http().options(path).set('Origin', origin).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type');

    it('allows a listed store origin and one matching a /regex/ entry, with credentials', async () => {
      for (const origin of ['http://shop.test', 'https://pr42.preview.shop.test']) {
        const res = await preflight('/store/carts', origin);
        expect(res.status).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
      }
    });

    it.each([
      ['an unlisted origin', '/store/carts', 'https://evil.test'],
      ['a lookalike of the regex entry', '/store/carts', 'https://pr42.preview.shop.test.evil.test'],
      ['the literal null origin (sandboxed iframes, file://)', '/store/carts', 'null'],
      ['the admin origin on /store', '/store/carts', 'https://admin.shop.test'],
      ['the store origin on /admin', '/admin/currencies', 'http://shop.test'],
      ['the right host over the wrong scheme', '/admin/currencies', 'http://admin.shop.test'],
    ])('answers %s without any Access-Control-Allow-Origin', async (_name, path, origin) => {
      const res = await preflight(path, origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await t.http().get(path).set('Origin', origin);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows the admin origin on /admin', async () => {
      const res = await preflight('/admin/currencies', 'https://admin.shop.test');
      expect(res.headers['access-control-allow-origin']).toBe('https://admin.shop.test');
      expect(res.headers.vary).toMatch(/Origin/i);
    });
  });

  describe('helmet headers', () => {
    it.each([
      ['a JSON success', '/store/regions', 200],
      ['a JSON error', '/admin/currencies', 401],
      ['an unknown route', '/nowhere', 404],
    ])('are set on %s', async (_name, path, status) => {
      const res = await t.http().get(path).expect(status);
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringMatching(/max-age=\d+/),
        'referrer-policy': 'no-referrer',
        'x-dns-prefetch-control': 'off',
        'cross-origin-opener-policy': 'same-origin',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });
  });
});

describe('Session cookie outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is HttpOnly and SameSite=Lax, and works over plain HTTP', async () => {
    const creds = await createAdminUser(t);
    const cookie = cookieOf(await t.http().post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });
});

import * as jwt from 'jsonwebtoken';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';
import { concretePath, registeredRoutes, RegisteredRoute } from '../../helpers/routes';

/**
 * Built from the router itself: a route added later is covered without editing this test.
 * Every /admin route except login and token answers 401 to every kind of missing or bad
 * credential.
 */
const PUBLIC_ADMIN = new Set(['post /admin/auth', 'post /admin/auth/token']);

describe('Authentication sweep over every /admin route', () => {
  let t: TestApp;
  let adminRoutes: RegisteredRoute[];
  let loggedOutCookie: string;
  let expiredJwt: string;
  let tamperedJwt: string;
  let storeJwt: string;

  beforeAll(async () => {
    t = await createTestApp();
    const creds = await createAdminUser(t);
    adminRoutes = registeredRoutes(t.app).filter((r) => r.path.startsWith('/admin') && !PUBLIC_ADMIN.has(`${r.method} ${r.path}`));

    const agent = t.agent();
    const login = await agent.post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200);
    loggedOutCookie = String(login.headers['set-cookie']).split(';')[0];
    await agent.delete('/admin/auth').expect(200);

    const secret = process.env.JWT_SECRET ?? 'supersecret';
    expiredJwt = jwt.sign({ user_id: creds.user.id, domain: 'admin', exp: Math.floor(Date.now() / 1000) - 60 }, secret);
    const valid = jwt.sign({ user_id: creds.user.id, domain: 'admin' }, secret, { expiresIn: '1h' });
    tamperedJwt = jwt.sign(jwt.decode(valid) as object, 'another-secret');
    storeJwt = jwt.sign({ customer_id: 'cus_someone', domain: 'store' }, secret, { expiresIn: '1h' });
  });
  afterAll(() => t.close());

  it('finds the admin routes in the router', () => {
    expect(adminRoutes.length).toBeGreaterThan(3);
    expect(adminRoutes).toEqual(expect.arrayContaining([{ method: 'get', path: '/admin/currencies' }]));
  });

  const cases: Array<[string, () => Record<string, string>]> = [
    ['no credentials', () => ({})],
    ['a wrong bearer token', () => bearer('not-a-token')],
    ['an expired JWT', () => bearer(expiredJwt)],
    ['a JWT signed with another secret', () => bearer(tamperedJwt)],
    ['a store (customer) JWT', () => bearer(storeJwt)],
    ['a wrong x-medusa-access-token', () => ({ 'x-medusa-access-token': 'nope' })],
    ['a logged-out session cookie', () => ({ cookie: loggedOutCookie })],
  ];

  it.each(cases)('answers 401 JSON with %s', async (_name, headers) => {
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)
        [route.method](concretePath(route.path))
        .set(headers());
      if (res.status !== 401 || res.body?.type !== 'unauthorized') failures.push(`${route.method.toUpperCase()} ${route.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});

import { Reflector } from '@nestjs/core';
import * as jwt from 'jsonwebtoken';
import { CUSTOMER_REQUIRED } from '../../../src/common/auth/auth.decorators';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';
import { concretePath, handledRoutes, registeredRoutes, RegisteredRoute } from '../../helpers/routes';

/**
 * Built from the router itself: a route added later is covered without editing this test.
 * Every /admin route except login and token answers 401 to every kind of missing or bad
 * credential.
 */
const PUBLIC_ADMIN = new Set(['post /admin/auth', 'post /admin/auth/token', 'post /admin/users/password-token', 'post /admin/users/reset-password']);

describe('Authentication sweep over every /admin route', () => {
  let t: TestApp;
  let adminRoutes: RegisteredRoute[];
  let loggedOutCookie: string;
  let expiredJwt: string;
  let tamperedJwt: string;
  let storeJwt: string;
  let customerCookie: string;
  let customerJwt: string;

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

    // A real customer, logged in through the store: its cookie and its JWT.
    const customer = await createCustomer(t.dataSource.manager, { password: 'customer-pass' });
    const customerLogin = await t.http().post('/store/auth').send({ email: customer.email, password: 'customer-pass' }).expect(200);
    customerCookie = String(customerLogin.headers['set-cookie']).split(';')[0];
    await t.http().get('/store/auth').set('cookie', customerCookie).expect(200);
    customerJwt = (await t.http().post('/store/auth/token').send({ email: customer.email, password: 'customer-pass' }).expect(200)).body.access_token;
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
    ["a logged-in customer's session cookie", () => ({ cookie: customerCookie })],
    ["a logged-in customer's store JWT", () => bearer(customerJwt)],
  ];

  it.each(cases)('answers 401 JSON with %s', async (_name, headers) => {
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[route.method](concretePath(route.path)).set(headers());
      if (res.status !== 401 || res.body?.type !== 'unauthorized') failures.push(`${route.method.toUpperCase()} ${route.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Store routes marked @CustomerRequired(), found from the router and each handler's
 * metadata, answer 401 to anything but a customer.
 */
describe('Authentication sweep over every /store route that needs a customer', () => {
  let t: TestApp;
  let customerRoutes: RegisteredRoute[];
  let adminCookie: string;
  let adminJwt: string;
  let loggedOutCustomerCookie: string;
  let customerJwt: string;

  beforeAll(async () => {
    t = await createTestApp();
    const reflector = t.app.get(Reflector);
    customerRoutes = handledRoutes(t.app)
      .filter((r) => r.path.startsWith('/store') && reflector.getAllAndOverride<boolean>(CUSTOMER_REQUIRED, [r.handler, r.controller]))
      .map(({ method, path }) => ({ method, path }));

    const admin = await createAdminUser(t);
    adminCookie = String((await t.http().post('/admin/auth').send({ email: admin.email, password: admin.password }).expect(200)).headers['set-cookie']).split(
      ';',
    )[0];
    adminJwt = (await t.http().post('/admin/auth/token').send({ email: admin.email, password: admin.password }).expect(200)).body.access_token;

    const customer = await createCustomer(t.dataSource.manager, { password: 'customer-pass' });
    const login = await t.http().post('/store/auth').send({ email: customer.email, password: 'customer-pass' }).expect(200);
    loggedOutCustomerCookie = String(login.headers['set-cookie']).split(';')[0];
    await t.http().delete('/store/auth').set('cookie', loggedOutCustomerCookie).expect(200);
    customerJwt = (await t.http().post('/store/auth/token').send({ email: customer.email, password: 'customer-pass' }).expect(200)).body.access_token;
  });
  afterAll(() => t.close());

  it('finds the customer-only store routes from their metadata', () => {
    expect(customerRoutes).toEqual(
      expect.arrayContaining([
        { method: 'get', path: '/store/auth' },
        { method: 'get', path: '/store/customers/me' },
      ]),
    );
    expect(customerRoutes).not.toContainEqual({ method: 'get', path: '/store/regions' });
  });

  const cases: Array<[string, () => Record<string, string>]> = [
    ['no credentials', () => ({})],
    ['a bearer token that is not a JWT', () => bearer('not-a-token')],
    [
      'an expired store JWT',
      () => bearer(jwt.sign({ customer_id: 'cus_x', domain: 'store', exp: Math.floor(Date.now() / 1000) - 60 }, process.env.JWT_SECRET ?? 'supersecret')),
    ],
    ['a store JWT signed with another secret', () => bearer(jwt.sign(jwt.decode(customerJwt) as object, 'another-secret'))],
    ['an admin session cookie', () => ({ cookie: adminCookie })],
    ['an admin JWT', () => bearer(adminJwt)],
    ['a logged-out customer session cookie', () => ({ cookie: loggedOutCustomerCookie })],
  ];

  it.each(cases)('answers 401 JSON with %s', async (_name, headers) => {
    const failures: string[] = [];
    for (const route of customerRoutes) {
      const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[route.method](concretePath(route.path)).set(headers());
      if (res.status !== 401 || res.body?.type !== 'unauthorized') failures.push(`${route.method.toUpperCase()} ${route.path} -> ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("lets the customer's own JWT through (so the 401s above are about the credentials)", async () => {
    const res = await t.http().get('/store/customers/me').set(bearer(customerJwt)).expect(200);
    expect(res.body.customer.id).toMatch(/^cus_/);
  });
});

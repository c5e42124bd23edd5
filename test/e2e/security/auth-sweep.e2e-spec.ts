import { Reflector } from '@nestjs/core';
import * as jwt from 'jsonwebtoken';
import { CUSTOMER_REQUIRED } from '../../../src/common/auth/auth.decorators';
import { APP_CONFIG, AppConfig } from '../../../src/config/configuration';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';
import { concretePath, handledRoutes, registeredRoutes, RegisteredRoute } from '../../helpers/routes';

/**
 * Built from the router itself: a route added later is covered without editing this test.
 * Every /admin route except login, token, password reset and invite acceptance answers 401 to every kind of missing or bad
 * credential.
 */
const PUBLIC_ADMIN = new Set([
  'post /admin/auth',
  'post /admin/auth/token',
  'post /admin/users/password-token',
  'post /admin/users/reset-password',
  // An invited colleague has no account yet: the invite's token is the credential (as Medusa).
  'post /admin/invites/accept',
]);

describe('Authentication sweep over every /admin route', () => {
  let t: TestApp;
  let adminRoutes: RegisteredRoute[];
  let loggedOutCookie: string;
  let secret: string;
  let userId: string;
  let expiredJwt: string;
  let tamperedJwt: string;
  let storeJwt: string;
  let wrongDomainJwt: string;
  let hs512Jwt: string;
  let unsignedJwt: string;
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

    // The app's own secret (test runs use random development secrets): each bad token below
    // differs from one the app accepts (see the positive control) in exactly one respect.
    secret = t.app.get<AppConfig>(APP_CONFIG, { strict: false }).jwtSecret;
    userId = creds.user.id;
    const claims = { user_id: userId, domain: 'admin', tv: 0 };
    expiredJwt = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' });
    const valid = jwt.sign(claims, secret, { expiresIn: '1h', algorithm: 'HS256' });
    tamperedJwt = jwt.sign(jwt.decode(valid) as object, 'another-secret');
    storeJwt = jwt.sign({ customer_id: 'cus_someone', domain: 'store', tv: 0 }, secret, { expiresIn: '1h', algorithm: 'HS256' });
    wrongDomainJwt = jwt.sign({ ...claims, domain: 'store' }, secret, { expiresIn: '1h', algorithm: 'HS256' });
    hs512Jwt = jwt.sign(claims, secret, { expiresIn: '1h', algorithm: 'HS512' });
    unsignedJwt = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url')}.`;

    // A real customer, logged in through the store: its cookie and its JWT.
    const customer = await createCustomer(t.dataSource.manager, { password: 'customer-pass' });
    const customerLogin = await t.http().post('/store/auth').send({ email: customer.email, password: 'customer-pass' }).expect(200);
    customerCookie = String(customerLogin.headers['set-cookie']).split(';')[0];
    await t.http().get('/store/auth').set('cookie', customerCookie).expect(200);
    customerJwt = (await t.http().post('/store/auth/token').send({ email: customer.email, password: 'customer-pass' }).expect(200)).body.access_token;
  });
  afterAll(() => t.close());

  it('accepts a JWT signed with the same secret, claims and algorithm (so each refusal below is about its one difference)', async () => {
    const valid = jwt.sign({ user_id: userId, domain: 'admin', tv: 0 }, secret, { expiresIn: '1h', algorithm: 'HS256' });
    const res = await t.http().get('/admin/auth').set(bearer(valid)).expect(200);
    expect(res.body.user.id).toBe(userId);
  });

  it('finds the admin routes in the router', () => {
    expect(adminRoutes.length).toBeGreaterThan(3);
    expect(adminRoutes).toEqual(expect.arrayContaining([{ method: 'get', path: '/admin/currencies' }]));
  });

  const cases: Array<[string, () => Record<string, string>]> = [
    ['no credentials', () => ({})],
    ['a wrong bearer token', () => bearer('not-a-token')],
    ['an expired JWT (signed with the app secret)', () => bearer(expiredJwt)],
    ['a JWT signed with another secret', () => bearer(tamperedJwt)],
    ['a store (customer) JWT signed with the app secret', () => bearer(storeJwt)],
    ["an admin user's JWT whose domain is store", () => bearer(wrongDomainJwt)],
    ['a JWT signed with the app secret but HS512', () => bearer(hs512Jwt)],
    ['an unsigned JWT (alg none)', () => bearer(unsignedJwt)],
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
  let secret: string;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    secret = t.app.get<AppConfig>(APP_CONFIG, { strict: false }).jwtSecret;
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
    customerId = customer.id;
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
      "the customer's store JWT, expired (signed with the app secret)",
      () => bearer(jwt.sign({ customer_id: customerId, domain: 'store', tv: 0, exp: Math.floor(Date.now() / 1000) - 60 }, secret, { algorithm: 'HS256' })),
    ],
    ['a store JWT signed with another secret', () => bearer(jwt.sign(jwt.decode(customerJwt) as object, 'another-secret'))],
    [
      "the customer's JWT with domain admin (signed with the app secret)",
      () => bearer(jwt.sign({ customer_id: customerId, domain: 'admin', tv: 0 }, secret, { expiresIn: '1h', algorithm: 'HS256' })),
    ],
    [
      "the customer's JWT signed with the app secret but HS384",
      () => bearer(jwt.sign({ customer_id: customerId, domain: 'store', tv: 0 }, secret, { expiresIn: '1h', algorithm: 'HS384' })),
    ],
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

  it('lets a JWT through that differs from the refused ones only in the one respect each was wrong in', async () => {
    const valid = jwt.sign({ customer_id: customerId, domain: 'store', tv: 0 }, secret, { expiresIn: '1h', algorithm: 'HS256' });
    const res = await t.http().get('/store/customers/me').set(bearer(valid)).expect(200);
    expect(res.body.customer.id).toBe(customerId);
  });
});

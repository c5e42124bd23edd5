import { Get } from '@nestjs/common';
import { Controller } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Reflector } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { AppModule } from '../../../src/app.module';
import { configureApp } from '../../../src/bootstrap';
import { CUSTOMER_REQUIRED, IS_PUBLIC } from '../../../src/common/auth/auth.decorators';
import { surfaceOf } from '../../../src/common/auth/surface';
import { AppPrototypeExpressAdapter } from '../../../src/common/http/app-prototype-express-adapter';
import type { AppConfig } from '../../../src/config/configuration';
import { SurfaceCheck } from '../../../src/modules/auth/surface-check';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, createTestDatabase, dropTestDatabase, TestApp, testConfig } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';
import { databaseUrl } from '../../helpers/db-urls';
import { concretePath, handledRoutes, registeredRoutes, RegisteredRoute } from '../../helpers/routes';

type Send = Record<string, (url: string) => request.Test>;

/**
 * Other spellings of a route's path: each must find no route (404) or be authenticated
 * exactly as the canonical path (401 without credentials). Never the handler's answer.
 */
const SPELLINGS: Array<[string, (path: string) => string]> = [
  ['upper-case first segment', (p) => p.replace(/^\/(\w+)/, (_, s: string) => `/${s.toUpperCase()}`)],
  ['all upper case', (p) => p.toUpperCase()],
  ['mixed case', (p) => p.replace(/^\/(\w+)/, (_, s: string) => `/${[...s].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')}`)],
  ['a percent-encoded letter', (p) => p.replace(/^\/(\w)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)],
  ['a percent-encoded upper-case letter', (p) => p.replace(/^\/(\w)/, (_, c: string) => `/%${c.toUpperCase().charCodeAt(0).toString(16)}`)],
  ['an encoded slash', (p) => p.replace(/^\/(\w+)\//, '/$1%2F')],
  ['a trailing slash', (p) => `${p}/`],
  ['a doubled leading slash', (p) => `/${p}`],
  ['a doubled inner slash', (p) => p.replace(/^\/(\w+)\//, '/$1//')],
  ['a dot segment', (p) => p.replace(/^\/(\w+)\//, '/$1/./')],
];

function refusals(t: TestApp, routes: RegisteredRoute[], spell: (path: string) => string, headers: Record<string, string>) {
  return Promise.all(
    routes.map(async (route) => {
      const url = spell(concretePath(route.path));
      const res = await (t.http() as unknown as Send)[route.method](url).set(headers);
      const refused =
        (res.status === 401 && res.body?.type === 'unauthorized') ||
        (res.status === 404 && res.body?.type === 'not_found' && /^Cannot /.test(res.body?.message));
      return refused ? undefined : `${route.method.toUpperCase()} ${url} -> ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`;
    }),
  ).then((all) => all.filter(Boolean));
}

describe('Route surfaces: every spelling of an admin route is authenticated as the route, or not found', () => {
  let t: TestApp;
  let adminRoutes: RegisteredRoute[];
  let customerRoutes: RegisteredRoute[];
  let customerCookie: string;
  let customerJwt: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const reflector = t.app.get(Reflector);
    const handled = handledRoutes(t.app);
    const isPublic = (r: (typeof handled)[number]) => reflector.getAllAndOverride<boolean>(IS_PUBLIC, [r.handler, r.controller]);
    adminRoutes = handled.filter((r) => surfaceOf(r.controller) === 'admin' && !isPublic(r)).map(({ method, path }) => ({ method, path }));
    customerRoutes = handled
      .filter((r) => surfaceOf(r.controller) === 'store' && reflector.getAllAndOverride<boolean>(CUSTOMER_REQUIRED, [r.handler, r.controller]))
      .map(({ method, path }) => ({ method, path }));

    adminToken = (await createAdminUser(t)).apiToken;
    const customer = await createCustomer(t.dataSource.manager, { password: 'customer-pass' });
    const login = await t.http().post('/store/auth').send({ email: customer.email, password: 'customer-pass' }).expect(200);
    customerCookie = String(login.headers['set-cookie']).split(';')[0];
    customerJwt = (await t.http().post('/store/auth/token').send({ email: customer.email, password: 'customer-pass' }).expect(200)).body.access_token;
  });
  afterAll(() => t.close());

  it('reads each route’s surface from its declaration, and every route the router serves has one', () => {
    const handled = handledRoutes(t.app);
    // Besides the handlers, the router holds Nest's middleware mounts (`{*path}`) and the API docs.
    const handlerRoutes = registeredRoutes(t.app).filter((r) => !r.path.includes('{*') && !/^\/docs(-|\/|$)/.test(r.path));
    expect(handled.map((r) => `${r.method} ${r.path}`).sort()).toEqual(handlerRoutes.map((r) => `${r.method} ${r.path}`).sort());
    const wrong = handled.filter((r) => {
      const surface = surfaceOf(r.controller);
      const first = r.path.split('/')[1];
      return !surface || (first === 'admin' ? surface !== 'admin' : first === 'store' ? surface !== 'store' : surface !== 'public');
    });
    expect(wrong.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(adminRoutes.length).toBeGreaterThan(50);
    expect(adminRoutes).toContainEqual({ method: 'get', path: '/admin/customers' });
    expect(adminRoutes).toContainEqual({ method: 'post', path: '/admin/customers/:id' });
    expect(adminRoutes).toContainEqual({ method: 'delete', path: '/admin/auth' });
    expect(adminRoutes).not.toContainEqual({ method: 'post', path: '/admin/auth' });
  });

  describe.each(SPELLINGS)('under %s', (_name, spell) => {
    it('refuses every admin route without credentials', async () => {
      expect(await refusals(t, adminRoutes, spell, {})).toEqual([]);
    });

    it("refuses every admin route with a customer's session cookie", async () => {
      expect(await refusals(t, adminRoutes, spell, { cookie: customerCookie })).toEqual([]);
    });

    it("refuses every admin route with a customer's store JWT", async () => {
      expect(await refusals(t, adminRoutes, spell, bearer(customerJwt))).toEqual([]);
    });

    it('refuses every customer-only store route without credentials', async () => {
      expect(await refusals(t, customerRoutes, spell, {})).toEqual([]);
    });
  });

  it('answers the reported spellings 401 or 404, and changes nothing', async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'before' });
    const cases: Array<[string, string, object?]> = [
      ['get', '/ADMIN/customers'],
      ['get', '/Admin/gift-cards'],
      ['post', '/Admin/gift-cards', { value: 1000, region_id: 'reg_x' }],
      ['post', `/aDmin/customers/${customer.id}`, { password: 'hijacked' }],
      ['delete', '/ADMIN/auth'],
    ];
    for (const [method, url, body] of cases) {
      const res = await (t.http() as unknown as Send)[method](url).send(body ?? {});
      expect([401, 404]).toContain(res.status);
    }
    await t.http().post('/store/auth').send({ email: customer.email, password: 'hijacked' }).expect(401);
    await t.http().post('/store/auth').send({ email: customer.email, password: 'before' }).expect(200);
  });

  it('answers CORS for every spelling of /admin with the admin origins only', async () => {
    const preflight = (path: string, origin: string) =>
      t
        .http()
        .options(path)
        .set('origin', origin)
        .set('access-control-request-method', 'POST')
        .then((res) => res.headers['access-control-allow-origin']);
    for (const path of ['/admin/customers', '/ADMIN/customers', '/Admin/customers', '/%61dmin/customers', '/%41DMIN/customers', '/admin/customers/']) {
      expect([path, await preflight(path, 'http://localhost:8000')]).toEqual([path, undefined]); // STORE_CORS
      expect([path, await preflight(path, 'http://localhost:7001')]).toEqual([path, 'http://localhost:7001']); // ADMIN_CORS
    }
    expect(await preflight('/store/carts', 'http://localhost:8000')).toBe('http://localhost:8000');
  });

  it('serves an admin route with a trailing slash as the canonical route (so the 401s above are about credentials)', async () => {
    const headers = { 'x-medusa-access-token': adminToken };
    const canonical = await t.http().get('/admin/currencies').set(headers).expect(200);
    const slashed = await t.http().get('/admin/currencies/').set(headers).expect(200);
    expect(slashed.body).toEqual(canonical.body);
    await t.http().get('/admin/currencies/').expect(401);
    // Other letter cases find no route at all, whoever asks.
    await t.http().get('/ADMIN/currencies').set(headers).expect(404);
  });
});

@Controller('store/undeclared')
class UndeclaredController {
  @Get()
  reached() {
    return { reached: true };
  }
}

describe('Route surfaces: a controller declared without a surface', () => {
  let dbName: string;
  let config: AppConfig;
  beforeAll(async () => {
    dbName = await createTestDatabase();
    config = testConfig(databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName));
  });
  afterAll(() => dropTestDatabase(dbName));

  async function boot(withCheck: boolean): Promise<NestExpressApplication> {
    let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)], controllers: [UndeclaredController] });
    if (!withCheck) builder = builder.overrideProvider(SurfaceCheck).useValue({});
    const moduleRef = await builder.compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>(new AppPrototypeExpressAdapter(), { bodyParser: false, logger: false });
    configureApp(app, config);
    try {
      await app.init();
    } catch (err) {
      await app.close();
      throw err;
    }
    return app;
  }

  it('fails the boot, naming the controller and the decorator to use instead', async () => {
    await expect(boot(true)).rejects.toThrow(
      "UndeclaredController (@Controller('store/undeclared')) declares no API surface, so the auth guard would refuse every request to it. Declare it with @StoreController('undeclared') from src/common/auth/surface.ts instead of @Controller().",
    );
  });

  it('is refused on every request when the boot check is bypassed: its handler never runs', async () => {
    const app = await boot(false);
    try {
      const res = await request(app.getHttpServer()).get('/store/undeclared').expect(401);
      expect(res.body).toEqual({ type: 'unauthorized', message: 'Unauthorized' });
    } finally {
      await app.close();
    }
  });
});

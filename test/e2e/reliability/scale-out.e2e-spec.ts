import { randomBytes } from 'crypto';
import request from 'supertest';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { poolOf } from '../../../src/common/database/pg-internals';
import { bearer, createAdminUser } from '../../helpers/auth';

/**
 * Three instances of the app, each with its own HTTP server on its own port, its own
 * connection pool and its own memory, against ONE database: what a load balancer
 * spreading requests over `--scale api=3` sees. Nothing a client holds (session cookie,
 * JWT, api token) may depend on which instance issued it, and nothing written through one
 * may be invisible to the others (no per-process state; the catalogue response cache drops
 * its entries on PostgreSQL's change notices, a moment after the commit).
 *
 * Checkout races and batch jobs across instances: scale-out-checkout.e2e-spec.ts.
 */
describe('Scale-out: three instances on one database', () => {
  let instances: TestApp[] = [];
  const env = { LOGIN_THROTTLE_LIMIT: '1000' };

  beforeAll(async () => {
    const first = await createTestApp(env);
    instances = [first, await startTestApp(first.databaseUrl, env), await startTestApp(first.databaseUrl, env)];
  });
  afterAll(async () => {
    // The first one owns the database: close it last.
    for (const t of [...instances].reverse()) await t.close();
  });

  const [a, b, c] = [0, 1, 2].map((i) => () => instances[i]);
  const sessionCookie = (res: request.Response) => String(res.headers['set-cookie']).split(';')[0];

  it('serves each instance from its own server and pool', () => {
    const servers = new Set(instances.map((t) => t.app.getHttpServer()));
    const pools = new Set(instances.map((t) => poolOf(t.dataSource)));
    expect(servers.size).toBe(3);
    expect(pools.size).toBe(3);
  });

  it('accepts an admin session cookie issued by one instance on every other, and a logout on any ends it everywhere', async () => {
    const admin = await createAdminUser(a());
    const cookie = sessionCookie(await a().http().post('/admin/auth').send({ email: admin.email, password: admin.password }).expect(200));
    for (const t of [b(), c()]) {
      const me = await t.http().get('/admin/auth').set('Cookie', cookie).expect(200);
      expect(me.body.user.id).toBe(admin.user.id);
    }
    await c().http().delete('/admin/auth').set('Cookie', cookie).expect(200);
    for (const t of instances) await t.http().get('/admin/auth').set('Cookie', cookie).expect(401);
  });

  it('accepts a customer session cookie issued by one instance on every other', async () => {
    const customer = await createCustomer(b().dataSource.manager, { password: 'customer-pass' });
    const cookie = sessionCookie(await b().http().post('/store/auth').send({ email: customer.email, password: 'customer-pass' }).expect(200));
    for (const t of [a(), c()]) {
      const me = await t.http().get('/store/customers/me').set('Cookie', cookie).expect(200);
      expect(me.body.customer.id).toBe(customer.id);
    }
  });

  it('accepts an admin JWT, a store JWT and an api token on any instance', async () => {
    const admin = await createAdminUser(c());
    const adminJwt = (await a().http().post('/admin/auth/token').send({ email: admin.email, password: admin.password }).expect(200)).body.access_token;
    const customer = await createCustomer(a().dataSource.manager, { password: 'customer-pass' });
    const storeJwt = (await c().http().post('/store/auth/token').send({ email: customer.email, password: 'customer-pass' }).expect(200)).body.access_token;
    for (const t of instances) {
      expect((await t.http().get('/admin/auth').set(bearer(adminJwt)).expect(200)).body.user.id).toBe(admin.user.id);
      expect((await t.http().get('/admin/auth').set('x-medusa-access-token', admin.apiToken).expect(200)).body.user.id).toBe(admin.user.id);
      expect((await t.http().get('/store/customers/me').set(bearer(storeJwt)).expect(200)).body.customer.id).toBe(customer.id);
    }
  });

  it('shows a write made through one instance to the others (catalogue caches: once the change notice arrives)', async () => {
    const admin = await createAdminUser(a());
    const read = async (t: TestApp) => (await t.http().get('/admin/currencies?code=dkk').set(bearer(admin.apiToken)).expect(200)).body.currencies[0];
    const before = await read(b());
    const update = await a().http().post('/admin/currencies/dkk').set(bearer(admin.apiToken)).send({ includes_tax: !before.includes_tax });
    expect(update.body.currency.includes_tax).toBe(!before.includes_tax);
    // b has this list in its catalogue cache: the drop comes with PostgreSQL's NOTIFY, which
    // reaches the other instances a moment after the commit (bounded wait, no sleep on success).
    for (const t of [b(), c()]) {
      let after = await read(t);
      for (let i = 0; i < 200 && after.includes_tax === before.includes_tax; i++) {
        await new Promise((r) => setTimeout(r, 25));
        after = await read(t);
      }
      expect(after.includes_tax).toBe(!before.includes_tax);
    }
  });

  it('registers one account when the same email signs up on every instance at once', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@test.com`;
    const attempts = await Promise.all(
      [...instances, ...instances].map((t) => t.http().post('/store/customers').send({ email, password: 'secret-pass', first_name: 'R', last_name: 'Ace' })),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422]);
    expect(attempts.filter((r) => r.status === 422).every((r) => r.body.type === 'duplicate_error')).toBe(true);
    const [{ n }] = await c().dataSource.query(`SELECT count(*)::int AS n FROM customer WHERE email = $1`, [email]);
    expect(n).toBe(1);
  });
});

import * as jwt from 'jsonwebtoken';
import type { Response } from 'supertest';
import { APP_CONFIG, AppConfig } from '../../../src/config/configuration';
import { CustomersService } from '../../../src/modules/customers/customers.service';
import { UsersService } from '../../../src/modules/users/users.service';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent, bearer, createAdminUser } from '../../helpers/auth';
import { businessTableDigests, changedTables } from '../../helpers/table-counts';

/**
 * A password change ends what the old password opened: store and admin JWTs signed
 * before it (each token carries the account's token version) and the account's other
 * cookie sessions. The tokens of a deleted customer or user identify nobody.
 */
describe('Tokens and sessions after a password change or a deletion', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const shopper = async () => {
    const password = 'old-password';
    const customer = await createCustomer(t.dataSource.manager, { password });
    return { id: customer.id, email: customer.email, password };
  };
  const storeToken = async (email: string, password: string) =>
    (await t.http().post('/store/auth/token').send({ email, password }).expect(200)).body.access_token as string;
  const adminToken = async (email: string, password: string) =>
    (await t.http().post('/admin/auth/token').send({ email, password }).expect(200)).body.access_token as string;
  const sessionId = (res: Response) => decodeURIComponent(String(res.headers['set-cookie']).split(';')[0].split('=')[1]).slice(2).split('.')[0];

  it('refuses a store JWT from before the admin set a new password, and accepts one issued after', async () => {
    const c = await shopper();
    const old = await storeToken(c.email, c.password);
    await t.http().get('/store/customers/me').set(bearer(old)).expect(200);
    await admin.post(`/admin/customers/${c.id}`).send({ password: 'new-password' }).expect(200);
    await t.http().get('/store/customers/me').set(bearer(old)).expect(401);
    await t.http().post('/store/auth/token').send({ email: c.email, password: c.password }).expect(401);
    const fresh = await storeToken(c.email, 'new-password');
    expect((await t.http().get('/store/customers/me').set(bearer(fresh)).expect(200)).body.customer.id).toBe(c.id);
    expect((await t.http().get('/store/customers/me').set(bearer(fresh))).body.customer).not.toHaveProperty('token_version');
  });

  it('ends the customer’s cookie sessions, keeping the admin identity of a browser logged into both', async () => {
    const c = await shopper();
    const storeOnly = t.agent();
    await storeOnly.post('/store/auth').send({ email: c.email, password: c.password }).expect(200);
    const both = await adminAgent(t);
    await both.post('/store/auth').send({ email: c.email, password: c.password }).expect(200);
    await storeOnly.get('/store/auth').expect(200);
    await both.get('/store/auth').expect(200);

    await admin.post(`/admin/customers/${c.id}`).send({ password: 'new-password' }).expect(200);

    await storeOnly.get('/store/auth').expect(401);
    await both.get('/store/auth').expect(401);
    await both.get('/admin/auth').expect(200);
  });

  it('keeps the session that asked for the change (CustomersService.changePassword with keepSessionId)', async () => {
    const c = await shopper();
    const mine = t.agent();
    const login = await mine.post('/store/auth').send({ email: c.email, password: c.password }).expect(200);
    const elsewhere = t.agent();
    await elsewhere.post('/store/auth').send({ email: c.email, password: c.password }).expect(200);
    const token = await storeToken(c.email, c.password);

    await t.dataSource.transaction((m) => t.app.get(CustomersService).changePassword(c.id, 'new-password', { keepSessionId: sessionId(login) }, m));

    await mine.get('/store/auth').expect(200);
    await elsewhere.get('/store/auth').expect(401);
    await t.http().get('/store/customers/me').set(bearer(token)).expect(401);
  });

  it('refuses the store JWT of a deleted customer', async () => {
    const c = await shopper();
    const token = await storeToken(c.email, c.password);
    await t.dataSource.query(`UPDATE customer SET deleted_at = now() WHERE id = $1`, [c.id]);
    await t.http().get('/store/customers/me').set(bearer(token)).expect(401);
  });

  it('accepts a store JWT without a token version (issued before versions) until the password changes', async () => {
    const c = await shopper();
    const legacy = jwt.sign({ customer_id: c.id, domain: 'store' }, t.app.get<string, AppConfig>(APP_CONFIG).jwtSecret, { expiresIn: '1h' });
    await t.http().get('/store/customers/me').set(bearer(legacy)).expect(200);
    await t.dataSource.transaction((m) => t.app.get(CustomersService).changePassword(c.id, 'new-password', {}, m));
    await t.http().get('/store/customers/me').set(bearer(legacy)).expect(401);
  });

  it('refuses an admin JWT and ends the admin’s sessions once `npm run user` sets a new password', async () => {
    const creds = await createAdminUser(t);
    const token = await adminToken(creds.email, creds.password);
    const session = await adminAgent(t, creds);
    await t.http().get('/admin/auth').set(bearer(token)).expect(200);

    await t.app.get(UsersService).upsert({ email: creds.email, password: 'new-admin-password' });

    await t.http().get('/admin/auth').set(bearer(token)).expect(401);
    await session.get('/admin/auth').expect(401);
    const fresh = await adminToken(creds.email, 'new-admin-password');
    await t.http().get('/admin/auth').set(bearer(fresh)).expect(200);
    // The api_token is not a password-derived login and keeps working.
    await t.http().get('/admin/auth').set(bearer(creds.apiToken)).expect(200);
  });

  it('refuses the admin JWT of a deleted user', async () => {
    const creds = await createAdminUser(t);
    const token = await adminToken(creds.email, creds.password);
    await t.dataSource.query(`UPDATE "user" SET deleted_at = now() WHERE id = $1`, [creds.user.id]);
    await t.http().get('/admin/auth').set(bearer(token)).expect(401);
  });

  it('answers 404 for a password change of an unknown customer, changing nothing', async () => {
    await createCustomer(t.dataSource.manager, { password: 'someone-else' });
    const before = await businessTableDigests(t.dataSource);
    await expect(t.dataSource.transaction((m) => t.app.get(CustomersService).changePassword('cus_missing', 'whatever', {}, m))).rejects.toMatchObject({
      type: 'not_found',
    });
    expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
  });
});

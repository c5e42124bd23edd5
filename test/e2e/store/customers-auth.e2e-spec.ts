import type { Response } from 'supertest';
import { verifyPassword } from '../../../src/common/auth/password-hasher';
import { Customer } from '../../../src/modules/customers/customer.entity';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';

/**
 * Failed logins are limited per client address (see security/login-throttling); the
 * X-Forwarded-For headers below are ignored unless TRUST_PROXY is on, and every test
 * stays well within the budgets.
 */
let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const sid = (res: Response) => String(res.headers['set-cookie'] ?? '').split(';')[0];

describe('Store customer account and session (/store/customers, /store/auth)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const registration = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Sam',
    last_name: 'Shopper',
    email: `sam-${++ipCounter}@example.com`,
    password: 'correct horse',
    ...overrides,
  });

  describe('POST /store/customers (registration)', () => {
    it('creates an account, logs it in with a session cookie, and never returns the hash', async () => {
      const agent = t.agent();
      const body = registration({ email: 'Register.Me@Example.com', phone: '+1555' });
      const res = await agent.post('/store/customers').set(freshIp()).send(body).expect(200);
      expect(res.body.customer).toMatchObject({
        id: expect.stringMatching(/^cus_/),
        email: 'register.me@example.com',
        first_name: 'Sam',
        last_name: 'Shopper',
        phone: '+1555',
        has_account: true,
        billing_address_id: null,
        billing_address: null,
        shipping_addresses: [],
      });
      expect(res.body.customer).not.toHaveProperty('password_hash');
      expect(sid(res)).toMatch(/^connect\.sid=/);

      const me = await agent.get('/store/customers/me').expect(200);
      expect(me.body.customer).toMatchObject({ id: res.body.customer.id, billing_address: null, shipping_addresses: [] });
      expect(me.body.customer).not.toHaveProperty('password_hash');

      const stored = await t.dataSource
        .getRepository(Customer)
        .createQueryBuilder('c')
        .addSelect('c.password_hash')
        .where('c.id = :id', { id: res.body.customer.id })
        .getOneOrFail();
      await expect(verifyPassword('correct horse', stored.password_hash)).resolves.toBe(true);
      expect(res.text + me.text).not.toContain(stored.password_hash!);
    });

    it('creates a separate account beside a guest row with the same email', async () => {
      const guest = await createCustomer(t.dataSource.manager, { email: 'guest.then.account@example.com' });
      const res = await t
        .http()
        .post('/store/customers')
        .set(freshIp())
        .send(registration({ email: 'guest.then.account@example.com' }))
        .expect(200);
      expect(res.body.customer.id).not.toBe(guest.id);
      const guestNow = await t.dataSource.getRepository(Customer).findOneByOrFail({ id: guest.id });
      expect(guestNow).toMatchObject({ has_account: false, email: 'guest.then.account@example.com' });
    });

    it('refuses an email that already has an account (422)', async () => {
      await createCustomer(t.dataSource.manager, { email: 'already@example.com', password: 'pw' });
      const res = await t
        .http()
        .post('/store/customers')
        .set(freshIp())
        .send(registration({ email: 'Already@example.com' }))
        .expect(422);
      expect(res.body).toEqual({
        type: 'duplicate_error',
        code: 'invalid_request_error',
        message: 'A customer with the given email already has an account. Log in instead',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('lets exactly one of several concurrent registrations of an email succeed', async () => {
      const body = registration({ email: 'race@example.com' });
      const results = await Promise.all(Array.from({ length: 4 }, () => t.http().post('/store/customers').set(freshIp()).send(body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
      for (const r of results.filter((x) => x.status === 422))
        expect(r.body.message).toBe('A customer with the given email already has an account. Log in instead');
      expect(await t.dataSource.getRepository(Customer).countBy({ email: 'race@example.com', has_account: true })).toBe(1);
    });

    it('validates the body: names, email and password are required', async () => {
      const res = await t.http().post('/store/customers').set(freshIp()).send({ email: 'bad', has_account: true }).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain('first_name must be a string');
      expect(res.body.message).toContain('last_name must be a string');
      expect(res.body.message).toContain('email must be an email');
      expect(res.body.message).toContain('password should not be empty');
      expect(res.body.message).toContain('property has_account should not exist');
    });
  });

  describe('POST /store/auth (login)', () => {
    let email: string;
    const password = 'let-me-in';

    beforeAll(async () => {
      email = (await createCustomer(t.dataSource.manager, { email: 'login.user@example.com', password })).email;
    });

    it('logs in (case-insensitive email) and returns the customer with orders and shipping_addresses', async () => {
      const agent = t.agent();
      const res = await agent.post('/store/auth').set(freshIp()).send({ email: 'LOGIN.user@example.com', password }).expect(200);
      expect(res.body.customer).toMatchObject({ email, has_account: true, orders: [], shipping_addresses: [] });
      expect(res.body.customer).not.toHaveProperty('password_hash');
      const session = await agent.get('/store/auth').expect(200);
      expect(session.body.customer.id).toBe(res.body.customer.id);
      expect(session.body.customer).toMatchObject({ orders: [], shipping_addresses: [] });
    });

    it('regenerates the session id at login; the old id no longer authenticates', async () => {
      const agent = t.agent();
      const first = await agent.post('/store/auth').set(freshIp()).send({ email, password }).expect(200);
      const second = await agent.post('/store/auth').set(freshIp()).send({ email, password }).expect(200);
      expect(sid(first)).toMatch(/^connect\.sid=/);
      expect(sid(second)).toMatch(/^connect\.sid=/);
      expect(sid(second)).not.toEqual(sid(first));
      await t.http().get('/store/auth').set('cookie', sid(first)).expect(401);
      await t.http().get('/store/auth').set('cookie', sid(second)).expect(200);
    });

    it('answers 401 JSON for a wrong password, an unknown email, or a guest-only email', async () => {
      await createCustomer(t.dataSource.manager, { email: 'only.guest@example.com' });
      for (const attempt of [
        { email, password: 'wrong' },
        { email: 'nobody@example.com', password },
        { email: 'only.guest@example.com', password },
      ]) {
        const res = await t.http().post('/store/auth').set(freshIp()).send(attempt).expect(401);
        expect(res.body).toEqual({ type: 'unauthorized', message: 'Invalid email or password' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('validates the body', async () => {
      const res = await t.http().post('/store/auth').set(freshIp()).send({ email: 'nope', password: '', x: 1 }).expect(400);
      expect(res.body.message).toContain('email must be an email');
      expect(res.body.message).toContain('password should not be empty');
      expect(res.body.message).toContain('property x should not exist');
    });
  });

  describe('POST /store/auth/token', () => {
    it('issues a JWT that Bearer accepts on the store, but not on the admin', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'token-pw' });
      const res = await t.http().post('/store/auth/token').set(freshIp()).send({ email: c.email, password: 'token-pw' }).expect(200);
      expect(Object.keys(res.body)).toEqual(['access_token']);
      const session = await t.http().get('/store/auth').set(bearer(res.body.access_token)).expect(200);
      expect(session.body.customer.id).toBe(c.id);
      const me = await t.http().get('/store/customers/me').set(bearer(res.body.access_token)).expect(200);
      expect(me.body.customer.id).toBe(c.id);
      await t.http().get('/admin/auth').set(bearer(res.body.access_token)).expect(401);
    });

    it('rejects wrong credentials with 401 JSON and an admin JWT is no customer token', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'token-pw' });
      const res = await t.http().post('/store/auth/token').set(freshIp()).send({ email: c.email, password: 'nope' }).expect(401);
      expect(res.body).toEqual({ type: 'unauthorized', message: 'Invalid email or password' });
      const admin = await createAdminUser(t);
      const adminToken = await t.http().post('/admin/auth/token').send({ email: admin.email, password: admin.password }).expect(200);
      await t.http().get('/store/auth').set(bearer(adminToken.body.access_token)).expect(401);
    });
  });

  describe('GET /store/auth and GET /store/customers/me', () => {
    it('answer 401 JSON without a session or token', async () => {
      for (const path of ['/store/auth', '/store/customers/me']) {
        const res = await t.http().get(path).expect(401);
        expect(res.body).toEqual({ type: 'unauthorized', message: 'Unauthorized' });
      }
      await t.http().get('/store/auth').set(bearer('not.a.jwt')).expect(401);
    });

    it('answer 404 once the logged-in customer is deleted', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'pw' });
      const agent = t.agent();
      await agent.post('/store/auth').set(freshIp()).send({ email: c.email, password: 'pw' }).expect(200);
      await t.dataSource.getRepository(Customer).softDelete({ id: c.id });
      const res = await agent.get('/store/customers/me').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: `Customer with id: ${c.id} was not found` });
    });
  });

  describe('DELETE /store/auth (logout)', () => {
    it('destroys the session: the same cookie no longer authenticates', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'pw' });
      const agent = t.agent();
      const login = await agent.post('/store/auth').set(freshIp()).send({ email: c.email, password: 'pw' }).expect(200);
      const res = await agent.delete('/store/auth').expect(200);
      expect(res.body).toEqual({});
      await t.http().get('/store/auth').set('cookie', sid(login)).expect(401);
    });

    it('answers 401 JSON without a session', async () => {
      const res = await t.http().delete('/store/auth').expect(401);
      expect(res.body).toEqual({ type: 'unauthorized', message: 'Unauthorized' });
    });
  });

  describe('GET /store/auth/:email', () => {
    it('is true only for an email with an account (case-insensitive)', async () => {
      await createCustomer(t.dataSource.manager, { email: 'exists.account@example.com', password: 'pw' });
      await createCustomer(t.dataSource.manager, { email: 'exists.guest@example.com' });
      const account = await t.http().get('/store/auth/Exists.Account@example.com').expect(200);
      expect(account.body).toEqual({ exists: true });
      const guest = await t.http().get('/store/auth/exists.guest@example.com').expect(200);
      expect(guest.body).toEqual({ exists: false });
      const unknown = await t
        .http()
        .get(`/store/auth/${encodeURIComponent('nobody+tag@example.com')}`)
        .expect(200);
      expect(unknown.body).toEqual({ exists: false });
    });

    it('answers 400 for a malformed email', async () => {
      const res = await t.http().get('/store/auth/not-an-email').expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'email must be an email' });
    });
  });
});

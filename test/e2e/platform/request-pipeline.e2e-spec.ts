import http from 'http';
import type { AddressInfo } from 'net';
import type { Response } from 'supertest';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { AdminCredentials, createAdminUser } from '../../helpers/auth';

/**
 * The per-request shortcuts of the HTTP stack (src/common/http, the expand/fields interceptor, the
 * validation pipe) must not change what a client sees: sessions only for requests that
 * carry the cookie or log someone in, body parsing only for requests with a body,
 * expand/fields checked after authentication, and validation outcomes that do not depend
 * on what came before.
 */
let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });
const sessionCookie = (res: Response) => (res.headers['set-cookie'] as unknown as string[] | undefined)?.find((c) => c.startsWith('connect.sid='));

describe('HTTP request pipeline', () => {
  let t: TestApp;
  let creds: AdminCredentials;
  const token = () => ({ 'x-medusa-access-token': creds.apiToken });

  beforeAll(async () => {
    t = await createTestApp();
    creds = await createAdminUser(t);
  });
  afterAll(() => t.close());

  describe('session only when needed', () => {
    it('issues no cookie to requests without one, whatever other cookies they carry', async () => {
      for (const cookie of [undefined, 'theme=dark', 'connect.sidx=1; other=2']) {
        const req = t.http().get('/admin/currencies').set(token());
        const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('treats a forged session cookie as no session, without issuing a new one', async () => {
      const res = await t.http().get('/admin/auth').set('Cookie', 'connect.sid=s%3Aforged.signature').expect(401);
      expect(res.headers['set-cookie']).toBeUndefined();
      await t.http().get('/store/auth').set('Cookie', 'connect.sid=s%3Aforged.signature').expect(401);
    });

    it('logs in without a cookie, and the cookie it issues authenticates', async () => {
      const login = await t.http().post('/admin/auth').set(freshIp()).send({ email: creds.email, password: creds.password }).expect(200);
      const cookie = sessionCookie(login);
      expect(cookie).toMatch(/^connect\.sid=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
      const me = await t.http().get('/admin/auth').set('Cookie', cookie!.split(';')[0]).expect(200);
      expect(me.body.user.id).toBe(creds.user.id);
    });

    it('registers a customer without a cookie into a working session', async () => {
      const email = `pipeline-${Date.now()}@example.com`;
      const res = await t
        .http()
        .post('/store/customers')
        .set(freshIp())
        .send({ first_name: 'Pat', last_name: 'Pipe', email, password: 'correct horse' })
        .expect(200);
      const cookie = sessionCookie(res)!.split(';')[0];
      const me = await t.http().get('/store/customers/me').set('Cookie', cookie).expect(200);
      expect(me.body.customer.email).toBe(email);
    });

    it('keeps both identities when a customer logs in on a browser holding an admin session', async () => {
      const admin = sessionCookie(await t.http().post('/admin/auth').set(freshIp()).send({ email: creds.email, password: creds.password }).expect(200))!.split(
        ';',
      )[0];
      const customer = await createCustomer(t.dataSource.manager, { password: 'secret-pass' });
      const login = await t.http().post('/store/auth').set(freshIp()).set('Cookie', admin).send({ email: customer.email, password: 'secret-pass' }).expect(200);
      const both = sessionCookie(login)!.split(';')[0];
      expect(both).not.toBe(admin);
      await t.http().get('/admin/auth').set('Cookie', both).expect(200);
      await t.http().get('/store/auth').set('Cookie', both).expect(200);
    });

    it('answers a logout without a session as before', async () => {
      await t.http().delete('/admin/auth').set(token()).expect(200, {});
      await t.http().delete('/store/auth').expect(401);
    });
  });

  describe('request ids', () => {
    it('echoes a sane x-request-id, replaces an overlong one, and sets one on a 404', async () => {
      const echoed = await t.http().get('/health').set('x-request-id', 'abc-123').expect(200);
      expect(echoed.headers['x-request-id']).toBe('abc-123');
      const overlong = await t.http().get('/health').set('x-request-id', 'x'.repeat(129)).expect(200);
      expect(overlong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const missing = await t.http().get('/no-such-route').expect(404);
      expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('body parsing', () => {
    it('parses urlencoded and JSON bodies, and rejects malformed JSON with a 400', async () => {
      await t.http().post('/admin/auth').set(freshIp()).type('form').send({ email: creds.email, password: creds.password }).expect(200);
      await t.http().post('/admin/auth').set(freshIp()).send({ email: creds.email, password: creds.password }).expect(200);
      const bad = await t.http().post('/admin/auth').set(freshIp()).set('Content-Type', 'application/json').send('{"email":').expect(400);
      expect(bad.body).toMatchObject({ type: expect.any(String), message: expect.any(String) });
    });

    it('parses a chunked body (Transfer-Encoding, no Content-Length)', async () => {
      const server = http.createServer(t.app.getHttpAdapter().getInstance());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.request(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/admin/auth',
              headers: { 'content-type': 'application/json', connection: 'close', ...freshIp() },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          );
          req.on('error', reject);
          req.write(`{"email":${JSON.stringify(creds.email)},`);
          req.end(`"password":${JSON.stringify(creds.password)}}`);
        });
        expect(status).toBe(200);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('query validation', () => {
    it('gives the same answer to an empty query however often it comes, and still rejects bad ones', async () => {
      for (let i = 0; i < 3; i++) await t.http().get('/admin/currencies').set(token()).expect(200);
      const unknown = await t.http().get('/admin/currencies?nonsense=1').set(token()).expect(400);
      expect(unknown.body).toEqual({ type: 'invalid_data', message: 'property nonsense should not exist' });
      await t.http().get('/admin/currencies').set(token()).expect(200);
    });

    it('rejects an empty body for a DTO with required fields every time', async () => {
      for (let i = 0; i < 2; i++) {
        const res = await t.http().post('/store/customers').set(freshIp()).send({}).expect(400);
        expect(res.body.type).toBe('invalid_data');
      }
    });
  });

  describe('expand and fields', () => {
    it('checks authentication before expand/fields (401 before 400)', async () => {
      await t.http().get('/admin/currencies?expand=nonsense').expect(401);
      const res = await t.http().get('/admin/currencies?expand=nonsense').set(token()).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Requested fields [nonsense] are not valid' });
    });

    it('trims a route result to the requested fields, and leaves error bodies alone', async () => {
      const res = await t.http().get('/admin/currencies?fields=name&limit=1').set(token()).expect(200);
      expect(res.body.currencies[0]).toEqual({ code: 'usd', name: 'US Dollar' });
      expect(res.body).toMatchObject({ count: 120, limit: 1, offset: 0 });
      const error = await t.http().get('/admin/currencies?fields=name&limit=x').set(token()).expect(400);
      expect(error.body).toEqual({ type: 'invalid_data', message: 'limit must be a number conforming to the specified constraints' });
    });

    it('strips secrets from route results', async () => {
      const res = await t.http().get('/admin/auth').set(token()).expect(200);
      expect(res.body.user.id).toBe(creds.user.id);
      expect(res.body.user).not.toHaveProperty('api_token');
      expect(res.body.user).not.toHaveProperty('password_hash');
    });
  });
});

describe('HTTP request pipeline with request logging on (LOG_LEVEL=info)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await t?.close();
  });

  // /health is the route pino-http does not log, which keeps the test output clean.
  it('still echoes or makes the request id', async () => {
    const echoed = await t.http().get('/health').set('x-request-id', 'from-proxy').expect(200);
    expect(echoed.headers['x-request-id']).toBe('from-proxy');
    const made = await t.http().get('/health').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

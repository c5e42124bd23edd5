import { createTestApp, TestApp } from '../../helpers/app';
import { AdminCredentials, bearer, createAdminUser } from '../../helpers/auth';

describe('Admin session and authentication (/admin/auth)', () => {
  let t: TestApp;
  let creds: AdminCredentials;

  beforeAll(async () => {
    t = await createTestApp();
    creds = await createAdminUser(t);
  });
  afterAll(() => t.close());

  describe('POST /admin/auth (login)', () => {
    it('logs in with a cookie session and returns the user without secrets', async () => {
      const agent = t.agent();
      const res = await agent.post('/admin/auth').send({ email: creds.email.toUpperCase(), password: creds.password }).expect(200);
      expect(res.body.user).toMatchObject({ id: creds.user.id, email: creds.email, role: 'admin' });
      expect(res.body.user).not.toHaveProperty('password_hash');
      expect(res.body.user).not.toHaveProperty('api_token');
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^connect\.sid=/);
      expect(cookie).toMatch(/HttpOnly/);

      const me = await agent.get('/admin/auth').expect(200);
      expect(me.body.user.id).toBe(creds.user.id);
      expect(me.body.user).not.toHaveProperty('password_hash');
    });

    it('rejects a wrong password with a 401 JSON error', async () => {
      const res = await t.http().post('/admin/auth').send({ email: creds.email, password: 'wrong' }).expect(401);
      expect(res.body).toEqual({ type: 'unauthorized', message: 'Invalid email or password' });
    });

    it('rejects an unknown email with the same 401', async () => {
      const res = await t.http().post('/admin/auth').send({ email: 'nobody@test.com', password: 'x' }).expect(401);
      expect(res.body.type).toBe('unauthorized');
    });

    it('validates the body: 400 invalid_data with a readable message', async () => {
      const res = await t.http().post('/admin/auth').send({ email: 'not-an-email', password: 'x', extra: 1 }).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain('email must be an email');
      expect(res.body.message).toContain('property extra should not exist');
    });

    it('rejects malformed JSON with a 400 JSON error', async () => {
      const res = await t.http().post('/admin/auth').set('content-type', 'application/json').send('{"email": ').expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'The request body is not valid JSON.' });
    });

    it('regenerates the session id at login (no fixation)', async () => {
      const agent = t.agent();
      const first = await agent.post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200);
      const second = await agent.post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200);
      const sid = (r: { headers: Record<string, unknown> }) => String(r.headers['set-cookie']).split(';')[0];
      expect(sid(first)).not.toEqual(sid(second));
    });
  });

  describe('authentication methods on admin routes', () => {
    it('answers 401 JSON without credentials', async () => {
      const res = await t.http().get('/admin/auth').expect(401);
      expect(res.body).toEqual({ type: 'unauthorized', message: 'Unauthorized' });
      await t.http().get('/admin/currencies').expect(401);
    });

    it('accepts Authorization: Bearer <api_token>', async () => {
      const res = await t.http().get('/admin/auth').set(bearer(creds.apiToken)).expect(200);
      expect(res.body.user.id).toBe(creds.user.id);
      expect(res.body.user).not.toHaveProperty('api_token');
    });

    it('accepts x-medusa-access-token: <api_token>, as medusa-js sends it', async () => {
      const res = await t.http().get('/admin/auth').set('x-medusa-access-token', creds.apiToken).expect(200);
      expect(res.body.user.id).toBe(creds.user.id);
    });

    it('rejects a wrong bearer token and a wrong access token', async () => {
      await t.http().get('/admin/auth').set(bearer('nope')).expect(401);
      await t.http().get('/admin/auth').set('x-medusa-access-token', 'nope').expect(401);
    });

    it('issues a JWT at POST /admin/auth/token that Bearer accepts', async () => {
      const res = await t.http().post('/admin/auth/token').send({ email: creds.email, password: creds.password }).expect(200);
      expect(typeof res.body.access_token).toBe('string');
      const me = await t.http().get('/admin/auth').set(bearer(res.body.access_token)).expect(200);
      expect(me.body.user.id).toBe(creds.user.id);
    });

    it('rejects a tampered JWT', async () => {
      const res = await t.http().post('/admin/auth/token').send({ email: creds.email, password: creds.password }).expect(200);
      const [h, p, s] = res.body.access_token.split('.');
      const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
      await t.http().get('/admin/auth').set(bearer(tampered)).expect(401);
    });

    it('rejects bad credentials at /admin/auth/token', async () => {
      await t.http().post('/admin/auth/token').send({ email: creds.email, password: 'bad' }).expect(401);
    });
  });

  describe('DELETE /admin/auth (logout)', () => {
    it('destroys the session: the same cookie no longer authenticates', async () => {
      const agent = t.agent();
      const login = await agent.post('/admin/auth').send({ email: creds.email, password: creds.password }).expect(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      await agent.delete('/admin/auth').expect(200);
      await t.http().get('/admin/auth').set('cookie', cookie).expect(401);
    });

    it('needs authentication', async () => {
      await t.http().delete('/admin/auth').expect(401);
    });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const res = await t.http().get('/admin/nothing-here').set(bearer(creds.apiToken)).expect(404);
    expect(res.body.type).toBe('not_found');
    const store = await t.http().get('/store/nothing-here').expect(404);
    expect(store.body.type).toBe('not_found');
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent, createAdminUser } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin users (/admin/users)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/users').expect(401);
    await t.http().get(`/admin/users/${admin.credentials.user.id}`).expect(401);
  });

  it('lists the users newest first (50 by default), never with a password hash or api token', async () => {
    const other = await createAdminUser(t, { email: 'zoe.team@test.com' });
    const res = await admin.get('/admin/users').expect(200);
    expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 50 });
    expect(res.body.users.map((u: { id: string }) => u.id)).toEqual([other.user.id, admin.credentials.user.id]);
    for (const user of res.body.users) {
      expect(user).toMatchObject({ email: expect.any(String), role: 'admin', deleted_at: null });
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('api_token');
    }
  });

  it('searches email and names with q, and filters by email and role', async () => {
    await createAdminUser(t, { email: 'qsearch.person@test.com' });
    const found = await admin.get('/admin/users?q=qsearch').expect(200);
    expect(found.body.users.map((u: { email: string }) => u.email)).toEqual(['qsearch.person@test.com']);
    expect((await admin.get('/admin/users?email=qsearch.person@test.com').expect(200)).body.count).toBe(1);
    expect((await admin.get('/admin/users?role[]=member').expect(200)).body.count).toBe(0);
    expect((await admin.get('/admin/users?role[]=boss').expect(400)).body.type).toBe('invalid_data');
    expect((await admin.get('/admin/users?order=password_hash').expect(400)).body.type).toBe('invalid_data');
  });

  it('gets one user (404 for an unknown or deleted one)', async () => {
    const res = await admin.get(`/admin/users/${admin.credentials.user.id}`).expect(200);
    expect(res.body.user).toMatchObject({ id: admin.credentials.user.id, email: admin.credentials.email, first_name: 'Ada' });
    expect(res.body.user).not.toHaveProperty('api_token');
    const missing = await admin.get('/admin/users/usr_missing').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'User with id: usr_missing was not found' });
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

/** Team writes as Medusa v1.20 does them (reference §14.1), without ever sending a secret. */
describe('Admin user writes (/admin/users)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const events = async (name: string, id: string) =>
    (await t.dataSource.query(`SELECT data FROM outbox_event WHERE name = $1 AND data->>'id' = $2 ORDER BY seq`, [name, id])).map(
      (r: { data: Body }) => r.data,
    );
  const userCount = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM "user"'))[0].n as number;
  const noSecrets = (user: Body) => {
    expect(user).not.toHaveProperty('password_hash');
    expect(user).not.toHaveProperty('api_token');
    expect(user).not.toHaveProperty('token_version');
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().post('/admin/users').send({ email: 'a@b.co', password: 'x' }).expect(401);
    await t.http().post('/admin/users/usr_x').send({ role: 'admin' }).expect(401);
    await t.http().delete('/admin/users/usr_x').expect(401);
  });

  it('creates a member (200) with a lower-cased email who can log in; emits user.created', async () => {
    const res = await admin.post('/admin/users').send({ email: 'New.Colleague@Shop.com', password: 'correct horse', first_name: 'New' }).expect(200);
    const user = res.body.user;
    expect(user).toMatchObject({ id: expect.stringMatching(/^usr_/), email: 'new.colleague@shop.com', first_name: 'New', role: 'member' });
    noSecrets(user);
    expect(await events('user.created', user.id)).toEqual([{ id: user.id }]);
    await t.http().post('/admin/auth').send({ email: 'new.colleague@shop.com', password: 'correct horse' }).expect(200);
  });

  it("refuses a duplicate email in any case (400, Medusa's message) and bad input, creating nothing", async () => {
    await admin.post('/admin/users').send({ email: 'twice@shop.com', password: 'pw', role: 'developer' }).expect(200);
    const before = await userCount();
    const dup = await admin.post('/admin/users').send({ email: 'TWICE@shop.com', password: 'pw' }).expect(400);
    expect(dup.body).toEqual({ type: 'invalid_data', message: 'A user with the same email already exists.' });
    const empty = await admin.post('/admin/users').send({}).expect(400);
    expect(empty.body.message).toContain('email must be an email');
    expect(empty.body.message).toContain('password must be a string');
    const role = await admin.post('/admin/users').send({ email: 'r@shop.com', password: 'pw', role: 'owner' }).expect(400);
    expect(role.body.message).toContain('role must be one of the following values: admin, member, developer');
    expect(await userCount()).toBe(before);
  });

  it('updates names, role and metadata; refuses email and password; 404 for an unknown user; emits user.updated', async () => {
    const user = (await admin.post('/admin/users').send({ email: 'promote@shop.com', password: 'pw' }).expect(200)).body.user;
    const res = await admin
      .post(`/admin/users/${user.id}`)
      .send({ role: 'admin', last_name: 'Boss', metadata: { a: 1 } })
      .expect(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: 'admin', last_name: 'Boss', metadata: { a: 1 } });
    noSecrets(res.body.user);
    expect(await events('user.updated', user.id)).toEqual([{ id: user.id }]);

    expect((await admin.post(`/admin/users/${user.id}`).send({ email: 'x@y.co' }).expect(400)).body.message).toContain('property email should not exist');
    await admin.post(`/admin/users/${user.id}`).send({ password: 'new' }).expect(400);
    await admin.post(`/admin/users/${user.id}`).send({ role: 'owner' }).expect(400);
    expect((await admin.post('/admin/users/usr_missing').send({ role: 'admin' }).expect(404)).body).toEqual({
      type: 'not_found',
      message: 'User with id: usr_missing was not found',
    });
    expect((await admin.get(`/admin/users/${user.id}`).expect(200)).body.user.role).toBe('admin');
  });

  it('sets an API token that then authenticates, never answering it; a token in use is refused', async () => {
    const user = (await admin.post('/admin/users').send({ email: 'robot@shop.com', password: 'pw' }).expect(200)).body.user;
    const token = 'tok_robot_0123456789abcdef';
    const res = await admin.post(`/admin/users/${user.id}`).send({ api_token: token }).expect(200);
    noSecrets(res.body.user);
    const me = await t.http().get('/admin/auth').set('x-medusa-access-token', token).expect(200);
    expect(me.body.user.id).toBe(user.id);
    noSecrets(me.body.user);
    const other = (await admin.post('/admin/users').send({ email: 'robot2@shop.com', password: 'pw' }).expect(200)).body.user;
    expect((await admin.post(`/admin/users/${other.id}`).send({ api_token: token }).expect(422)).body.type).toBe('duplicate_error');
  });

  it("deletes softly (200), ends the user's logins, emits user.deleted; unknown ids succeed", async () => {
    await admin.post('/admin/users').send({ email: 'leaver@shop.com', password: 'pw' }).expect(200);
    const leaver = await adminAgent(t, { email: 'leaver@shop.com', password: 'pw' } as never);
    const id = (await leaver.get('/admin/auth').expect(200)).body.user.id;
    expect((await admin.delete(`/admin/users/${id}`).expect(200)).body).toEqual({ id, object: 'user', deleted: true });
    await leaver.get('/admin/auth').expect(401);
    await admin.get(`/admin/users/${id}`).expect(404);
    expect(await events('user.deleted', id)).toEqual([{ id }]);
    await admin.delete('/admin/users/usr_missing').expect(200);
    expect(await events('user.deleted', 'usr_missing')).toEqual([]);
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Notes (/admin/notes) and notification resends (/admin/notifications/:id/resend)', () => {
  let t: TestApp;
  let admin: Agent;
  const events = (id: string) => t.dataSource.query(`SELECT name FROM outbox_event WHERE name LIKE 'note.%' AND data->>'id' = $1 ORDER BY seq`, [id]);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/notes').expect(401);
    await t.http().post('/admin/notes').send({ resource_id: 'order_1', resource_type: 'order', value: 'x' }).expect(401);
  });

  it('creates, lists by resource, reads, updates and deletes a note, with its author and events', async () => {
    const created = await admin.post('/admin/notes').send({ resource_id: 'order_1', resource_type: 'order', value: 'Called the customer' }).expect(200);
    const note = created.body.note;
    expect(note).toMatchObject({
      id: expect.stringMatching(/^note_/),
      resource_id: 'order_1',
      resource_type: 'order',
      value: 'Called the customer',
      metadata: {},
      author_id: expect.any(String),
      author: { id: expect.any(String), email: expect.any(String) },
    });
    expect(note.author).not.toHaveProperty('api_token');
    expect(note.author).not.toHaveProperty('password_hash');
    await admin.post('/admin/notes').send({ resource_id: 'order_2', resource_type: 'order', value: 'Other order' }).expect(200);

    const listed = await admin.get('/admin/notes?resource_id=order_1&limit=100&offset=0').expect(200);
    expect(listed.body).toMatchObject({ count: 1, offset: 0, limit: 100 });
    expect(listed.body.notes.map((n: { id: string }) => n.id)).toEqual([note.id]);
    const all = await admin.get('/admin/notes').expect(200);
    expect(all.body).toMatchObject({ count: 2, limit: 50, offset: 0 });

    expect((await admin.get(`/admin/notes/${note.id}`).expect(200)).body.note).toMatchObject({ id: note.id, author: { id: note.author_id } });
    const updated = await admin.post(`/admin/notes/${note.id}`).send({ value: 'Called twice' }).expect(200);
    expect(updated.body.note).toMatchObject({ id: note.id, value: 'Called twice' });
    expect(updated.body.note).not.toHaveProperty('author');

    expect((await admin.delete(`/admin/notes/${note.id}`).expect(200)).body).toEqual({ id: note.id, object: 'note', deleted: true });
    const gone = await admin.get(`/admin/notes/${note.id}`).expect(404);
    expect(gone.body).toEqual({ type: 'not_found', message: `Note with id: ${note.id} was not found.` });
    expect((await admin.get('/admin/notes?resource_id=order_1').expect(200)).body.count).toBe(0);
    await admin.delete(`/admin/notes/${note.id}`).expect(404);
    expect((await events(note.id)).map((e: { name: string }) => e.name)).toEqual(['note.created', 'note.updated', 'note.deleted']);
  });

  it('refuses bad bodies and queries with 400 and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ resource_type: 'order', value: 'x' }, 'resource_id should not be empty, resource_id must be a string'],
      [{ resource_id: 'o', resource_type: 'order', value: '' }, 'value should not be empty'],
      [{ resource_id: 'o', resource_type: 'order', value: 'x', author_id: 'usr_1' }, 'property author_id should not exist'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post('/admin/notes').send(body).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message });
    }
    await admin.get('/admin/notes?bogus=1').expect(400);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM note WHERE resource_id = 'o'`);
    expect(n).toBe(0);
    const update = await admin.post('/admin/notes/note_missing').send({ value: 'x' }).expect(404);
    expect(update.body).toEqual({ type: 'not_found', message: 'Note with id: note_missing was not found.' });
  });

  it("resending an unknown notification answers Medusa's 404 (this service records none)", async () => {
    const res = await admin.post('/admin/notifications/noti_missing/resend').send({ to: 'a@test.com' }).expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Notification with id: noti_missing was not found.' });
    await admin.post('/admin/notifications/noti_missing/resend').send({ bogus: 1 }).expect(400);
  });
  it('lists notifications as Medusa does for a shop without a notification plugin: expand=resends,provider and fields accepted, include_resends checked', async () => {
    const empty = { notifications: [], count: 0, offset: 0, limit: 50 };
    expect((await admin.get('/admin/notifications?expand=resends,provider').expect(200)).body).toEqual(empty);
    expect((await admin.get('/admin/notifications?fields=id,event_name,to').expect(200)).body).toEqual(empty);
    expect((await admin.get('/admin/notifications?include_resends=true&resource_id=order_1').expect(200)).body).toEqual(empty);
    const maybe = await admin.get('/admin/notifications?include_resends=maybe').expect(400);
    expect(maybe.body).toEqual({ type: 'invalid_data', message: 'include_resends must be a boolean string' });
  });
});

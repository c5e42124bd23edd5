import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin publishable API keys (/admin/publishable-api-keys)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/publishable-api-keys').expect(401);
    await t.http().post('/admin/publishable-api-keys').send({ title: 'x' }).expect(401);
  });

  it('creates (200, created_by = the user), lists, renames, revokes once and deletes a key', async () => {
    const created = await admin.post('/admin/publishable-api-keys').send({ title: 'Web shop' }).expect(200);
    const key = created.body.publishable_api_key;
    expect(key).toMatchObject({
      id: expect.stringMatching(/^pk_/),
      title: 'Web shop',
      created_by: admin.credentials.user.id,
      revoked_at: null,
      revoked_by: null,
    });
    const list = await admin.get('/admin/publishable-api-keys?q=web').expect(200);
    expect(list.body).toMatchObject({ count: 1, offset: 0, limit: 20, publishable_api_keys: [{ id: key.id }] });
    expect((await admin.get('/admin/publishable-api-keys?q=nothing').expect(200)).body.count).toBe(0);
    await admin.post(`/admin/publishable-api-keys/${key.id}`).send({ title: 'Shop' }).expect(200);
    const revoked = await admin.post(`/admin/publishable-api-keys/${key.id}/revoke`).expect(200);
    expect(revoked.body.publishable_api_key).toMatchObject({ title: 'Shop', revoked_by: admin.credentials.user.id, revoked_at: expect.any(String) });
    const again = await admin.post(`/admin/publishable-api-keys/${key.id}/revoke`).expect(400);
    expect(again.body).toEqual({ type: 'not_allowed', message: 'PublishableApiKey has already been revoked.' });
    // A revoked key can still be renamed, and is still listed.
    await admin.post(`/admin/publishable-api-keys/${key.id}`).send({ title: 'Old shop' }).expect(200);
    expect((await admin.get('/admin/publishable-api-keys').expect(200)).body.count).toBe(1);
    const events = await t.dataSource.query(`SELECT name FROM outbox_event WHERE data ->> 'id' = $1 ORDER BY seq`, [key.id]);
    expect(events.map((e: { name: string }) => e.name)).toEqual(['publishable_api_key.created', 'publishable_api_key.revoked']);
    const deleted = await admin.delete(`/admin/publishable-api-keys/${key.id}`).expect(200);
    expect(deleted.body).toEqual({ id: key.id, object: 'publishable_api_key', deleted: true });
    const missing = await admin.get(`/admin/publishable-api-keys/${key.id}`).expect(404);
    expect(missing.body).toMatchObject({ type: 'not_found', message: `Publishable key with id: ${key.id} was not found` });
    await admin.delete(`/admin/publishable-api-keys/${key.id}`).expect(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM publishable_api_key`))[0].n;
    await admin.post('/admin/publishable-api-keys').send({}).expect(400);
    await admin.post('/admin/publishable-api-keys').send({ title: 1 }).expect(400);
    await admin.post('/admin/publishable-api-keys').send({ title: 'x', extra: true }).expect(400);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM publishable_api_key`))[0].n).toBe(before);
    await admin.post('/admin/publishable-api-keys/pk_nope/revoke').expect(404);
  });

  it('links and unlinks sales channels in batch; the key lists them (q on name)', async () => {
    const key = (await admin.post('/admin/publishable-api-keys').send({ title: 'App' }).expect(200)).body.publishable_api_key;
    const channel = (await admin.post('/admin/sales-channels').send({ name: 'Mobile app' }).expect(200)).body.sales_channel;
    await admin
      .post(`/admin/publishable-api-keys/${key.id}/sales-channels/batch`)
      .send({ sales_channel_ids: [{ id: channel.id }, { id: 'sc_default' }] })
      .expect(200);
    await admin
      .post(`/admin/publishable-api-keys/${key.id}/sales-channels/batch`)
      .send({ sales_channel_ids: [{ id: channel.id }] })
      .expect(200);
    const all = await admin.get(`/admin/publishable-api-keys/${key.id}/sales-channels`).expect(200);
    expect(all.body.sales_channels.map((c: { id: string }) => c.id).sort()).toEqual([channel.id, 'sc_default'].sort());
    const mobile = await admin.get(`/admin/publishable-api-keys/${key.id}/sales-channels?q=mobile`).expect(200);
    expect(mobile.body.sales_channels.map((c: { id: string }) => c.id)).toEqual([channel.id]);
    await admin
      .delete(`/admin/publishable-api-keys/${key.id}/sales-channels/batch`)
      .send({ sales_channel_ids: [{ id: 'sc_default' }] })
      .expect(200);
    expect((await admin.get(`/admin/publishable-api-keys/${key.id}/sales-channels`).expect(200)).body.sales_channels).toHaveLength(1);
    await admin
      .post('/admin/publishable-api-keys/pk_nope/sales-channels/batch')
      .send({ sales_channel_ids: [{ id: channel.id }] })
      .expect(404);
    expect((await admin.get('/admin/publishable-api-keys/pk_nope/sales-channels').expect(200)).body).toEqual({ sales_channels: [] });
    await admin
      .post(`/admin/publishable-api-keys/${key.id}/sales-channels/batch`)
      .send({ sales_channel_ids: ['x'] })
      .expect(400);
  });

  it('GET /admin/store announces the publishable_api_keys feature', async () => {
    const res = await admin.get('/admin/store').expect(200);
    expect(res.body.store.feature_flags).toContainEqual({ key: 'publishable_api_keys', value: true });
  });
});

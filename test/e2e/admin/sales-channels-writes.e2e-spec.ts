import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin sales channel writes (/admin/sales-channels)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const eventNames = async (id: string) =>
    ((await t.dataSource.query(`SELECT name FROM outbox_event WHERE data ->> 'id' = $1 ORDER BY seq`, [id])) as Array<{ name: string }>).map((e) => e.name);
  const channelsOf = async (productId: string) =>
    (
      (await t.dataSource.query(`SELECT sales_channel_id FROM product_sales_channel WHERE product_id = $1 ORDER BY 1`, [productId])) as Array<{
        sales_channel_id: string;
      }>
    ).map((r) => r.sales_channel_id);

  it('needs an authenticated admin', async () => {
    await t.http().post('/admin/sales-channels').send({ name: 'x' }).expect(401);
    await t.http().delete('/admin/sales-channels/sc_x').expect(401);
  });

  it('creates (200), reads, updates and deletes a channel, with Medusa events', async () => {
    const created = await admin.post('/admin/sales-channels').send({ name: 'Wholesale', description: 'B2B' }).expect(200);
    const channel = created.body.sales_channel;
    expect(channel).toMatchObject({ id: expect.stringMatching(/^sc_/), name: 'Wholesale', description: 'B2B', is_disabled: false, deleted_at: null });
    const updated = await admin.post(`/admin/sales-channels/${channel.id}`).send({ is_disabled: true, name: 'B2B' }).expect(200);
    expect(updated.body.sales_channel).toMatchObject({ id: channel.id, name: 'B2B', description: 'B2B', is_disabled: true });
    expect((await admin.get(`/admin/sales-channels/${channel.id}`).expect(200)).body.sales_channel.name).toBe('B2B');
    const deleted = await admin.delete(`/admin/sales-channels/${channel.id}`).expect(200);
    expect(deleted.body).toEqual({ id: channel.id, object: 'sales-channel', deleted: true });
    const missing = await admin.get(`/admin/sales-channels/${channel.id}`).expect(404);
    expect(missing.body).toMatchObject({ type: 'not_found', message: `Sales channel with id: ${channel.id} was not found` });
    expect(await eventNames(channel.id)).toEqual(['sales_channel.created', 'sales_channel.updated', 'sales_channel.deleted']);
    await admin.delete('/admin/sales-channels/sc_nope').expect(200);
  });

  it('refuses bad input (400) and the default channel’s deletion (400 not_allowed)', async () => {
    const [{ before }] = await t.dataSource.query(`SELECT count(*)::int AS before FROM sales_channel WHERE deleted_at IS NULL`);
    const noName = await admin.post('/admin/sales-channels').send({ description: 'x' }).expect(400);
    expect(noName.body).toMatchObject({ type: 'invalid_data', message: expect.stringContaining('name must be a string') });
    await admin.post('/admin/sales-channels').send({ name: 'x', is_disabled: 'yes' }).expect(400);
    await admin.post('/admin/sales-channels').send({ name: 'x', other: 1 }).expect(400);
    await admin.post('/admin/sales-channels/sc_nope').send({ name: 'x' }).expect(404);
    const def = await admin.delete('/admin/sales-channels/sc_default').expect(400);
    expect(def.body).toEqual({ type: 'not_allowed', message: 'You cannot delete the default sales channel' });
    const [{ after }] = await t.dataSource.query(`SELECT count(*)::int AS after FROM sales_channel WHERE deleted_at IS NULL`);
    expect(after).toBe(before);
  });

  it('adds and removes products in batch; unknown products are one multiple-errors 400, an unknown channel a 404', async () => {
    const channel = (await admin.post('/admin/sales-channels').send({ name: 'Outlet' }).expect(200)).body.sales_channel;
    const product = await createProduct(t.dataSource.manager);
    const added = await admin
      .post(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: product.id }] })
      .expect(200);
    expect(added.body.sales_channel.id).toBe(channel.id);
    await admin
      .post(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: product.id }] })
      .expect(200);
    expect(await channelsOf(product.id)).toEqual([channel.id, 'sc_default'].sort());
    const unknown = await admin
      .post(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: 'prod_a' }, { id: 'prod_b' }] })
      .expect(400);
    expect(unknown.body).toMatchObject({ errors: ['Products prod_a, prod_b do not exist'] });
    const noChannel = await admin
      .post('/admin/sales-channels/sc_nope/products/batch')
      .send({ product_ids: [{ id: product.id }] })
      .expect(404);
    expect(noChannel.body.message).toBe('Sales_channel with sales_channel_id sc_nope does not exist.');
    await admin
      .post(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: ['x'] })
      .expect(400);
    await admin
      .delete(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: product.id }, { id: 'prod_unknown' }] })
      .expect(200);
    expect(await channelsOf(product.id)).toEqual(['sc_default']);
  });

  it('a product put in a channel shows at once in the store list of that channel (the catalogue cache follows)', async () => {
    const channel = (await admin.post('/admin/sales-channels').send({ name: 'App' }).expect(200)).body.sales_channel;
    const product = await createProduct(t.dataSource.manager, { title: 'Channel Tee' });
    const titles = async () =>
      ((await t.http().get(`/store/products?sales_channel_id[]=${channel.id}`).expect(200)).body.products as Array<{ title: string }>).map((p) => p.title);
    expect(await titles()).toEqual([]);
    expect(await titles()).toEqual([]); // now served from the cache
    await admin
      .post(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: product.id }] })
      .expect(200);
    expect(await titles()).toEqual(['Channel Tee']);
    await admin
      .delete(`/admin/sales-channels/${channel.id}/products/batch`)
      .send({ product_ids: [{ id: product.id }] })
      .expect(200);
    expect(await titles()).toEqual([]);
  });
});

import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Store products scoped by x-publishable-api-key', () => {
  let t: TestApp;
  let admin: Agent;
  let key: string;
  let channel: string;
  let inside: string;
  let outside: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    channel = (await admin.post('/admin/sales-channels').send({ name: 'App' }).expect(200)).body.sales_channel.id;
    key = (await admin.post('/admin/publishable-api-keys').send({ title: 'App key' }).expect(200)).body.publishable_api_key.id;
    await admin
      .post(`/admin/publishable-api-keys/${key}/sales-channels/batch`)
      .send({ sales_channel_ids: [{ id: channel }] })
      .expect(200);
    inside = (await createProduct(t.dataSource.manager, { title: 'In the app' })).id;
    outside = (await createProduct(t.dataSource.manager, { title: 'Web only' })).id;
    await admin
      .post(`/admin/sales-channels/${channel}/products/batch`)
      .send({ product_ids: [{ id: inside }] })
      .expect(200);
  });
  afterAll(() => t.close());

  const list = (headers: Record<string, string>, query = '') => t.http().get(`/store/products${query}`).set(headers);
  const ids = (body: { products: Array<{ id: string }> }) => body.products.map((p) => p.id).sort();

  it("lists only the key's channels' products, with their sales_channels; cached apart from requests without the key", async () => {
    for (let i = 0; i < 2; i++) {
      const scoped = await list({ 'x-publishable-api-key': key }).expect(200);
      expect(ids(scoped.body)).toEqual([inside]);
      expect(scoped.body.products[0].sales_channels.map((c: { id: string }) => c.id)).toContain(channel);
      const plain = await list({}).expect(200);
      expect(ids(plain.body)).toEqual([inside, outside].sort());
    }
  });

  it('refuses a sales_channel_id outside the key (400 multiple errors)', async () => {
    const res = await list({ 'x-publishable-api-key': key }, '?sales_channel_id[]=sc_default').expect(400);
    expect(res.body).toMatchObject({
      errors: ['Provided sales channel id param: sc_default is not associated with the Publishable API Key passed in the header of the request.'],
    });
  });

  it('refuses a product by id outside the key, and answers one inside', async () => {
    await t.http().get(`/store/products/${inside}`).set('x-publishable-api-key', key).expect(200);
    const res = await t.http().get(`/store/products/${outside}`).set('x-publishable-api-key', key).expect(400);
    expect(res.body.errors).toEqual([
      `Product with id: ${outside} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
    ]);
  });

  it('refuses an unknown key, and a key once revoked (even when its answer was cached)', async () => {
    const unknown = await list({ 'x-publishable-api-key': 'pk_nope' }).expect(400);
    expect(unknown.body.errors).toEqual(['The publishable API key pk_nope is unknown or revoked.']);
    await list({ 'x-publishable-api-key': key }).expect(200);
    await admin.post(`/admin/publishable-api-keys/${key}/revoke`).expect(200);
    await list({ 'x-publishable-api-key': key }).expect(400);
  });
});

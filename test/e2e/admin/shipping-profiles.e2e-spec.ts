import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;
const ids = (rows: Body[]) => rows.map((r) => r.id).sort();

describe('Admin shipping profiles (/admin/shipping-profiles)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/shipping-profiles').expect(401);
    await t.http().post('/admin/shipping-profiles').send({ name: 'x', type: 'custom' }).expect(401);
    await t.http().delete('/admin/shipping-profiles/sp_default').expect(401);
  });

  it("lists the store's profiles as Medusa does: no count, at most 10, query ignored", async () => {
    const res = await admin.get('/admin/shipping-profiles').expect(200);
    expect(Object.keys(res.body)).toEqual(['shipping_profiles']);
    expect(ids(res.body.shipping_profiles)).toEqual(['sp_default', 'sp_gift_card']);
    expect(res.body.shipping_profiles[0]).toMatchObject({ id: 'sp_default', name: 'Default Shipping Profile', type: 'default', deleted_at: null });

    for (let i = 0; i < 10; i++)
      await admin
        .post('/admin/shipping-profiles')
        .send({ name: `Bulky ${i}`, type: 'custom' })
        .expect(200);
    const capped = await admin.get('/admin/shipping-profiles').expect(200);
    expect(capped.body.shipping_profiles).toHaveLength(10);
    expect(capped.body.shipping_profiles.slice(0, 2).map((p: Body) => p.id)).toEqual(['sp_default', 'sp_gift_card']);
  });

  it('creates a profile (200, the saved row); any type, duplicates allowed; validates the body', async () => {
    const res = await admin
      .post('/admin/shipping-profiles')
      .send({ name: 'Second default', type: 'default', metadata: { a: 1 } })
      .expect(200);
    expect(res.body.shipping_profile).toMatchObject({ id: expect.stringMatching(/^sp_/), name: 'Second default', type: 'default', metadata: { a: 1 } });

    const before = await t.dataSource.query('SELECT count(*)::int AS n FROM shipping_profile');
    const bad = await admin.post('/admin/shipping-profiles').send({ name: 'x', type: 'bulky' }).expect(400);
    expect(bad.body).toMatchObject({ type: 'invalid_data', message: expect.stringContaining("type must be one of 'default', 'custom', 'gift_card'") });
    const empty = await admin.post('/admin/shipping-profiles').send({}).expect(400);
    expect(empty.body.message).toContain('name must be a string');
    await admin.post('/admin/shipping-profiles').send({ name: 'x', type: 'custom', extra: 1 }).expect(400);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM shipping_profile')).toEqual(before);
  });

  it('gets a profile with its products (each with its profiles) and its options; 404 with Medusa message', async () => {
    const region = await createRegion(t.dataSource.manager, { countries: [] });
    const option = await createShippingOption(t.dataSource.manager, { region_id: region.id });
    const product = await createProduct(t.dataSource.manager, { handle: 'in-default' });
    const res = await admin.get('/admin/shipping-profiles/sp_default').expect(200);
    const got = res.body.shipping_profile;
    expect(got.id).toBe('sp_default');
    expect(got.products.map((p: Body) => p.id)).toContain(product.id);
    expect(got.products.find((p: Body) => p.id === product.id).profiles).toEqual([expect.objectContaining({ id: 'sp_default' })]);
    expect(got.shipping_options.map((o: Body) => o.id)).toContain(option.id);

    const missing = await admin.get('/admin/shipping-profiles/sp_missing').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Profile with id: sp_missing was not found' });
  });

  it('updates a profile: products leave their previous profile, options move in, unknown ids ignored, metadata merged', async () => {
    const region = await createRegion(t.dataSource.manager, { countries: [] });
    const option = await createShippingOption(t.dataSource.manager, { region_id: region.id });
    const moved = await createProduct(t.dataSource.manager, { handle: 'moved' });
    const stays = await createProduct(t.dataSource.manager, { handle: 'stays' });
    const profile = (
      await admin
        .post('/admin/shipping-profiles')
        .send({ name: 'Bulky', type: 'custom', metadata: { keep: 1, drop: 2 } })
        .expect(200)
    ).body.shipping_profile;

    const res = await admin
      .post(`/admin/shipping-profiles/${profile.id}`)
      .send({ name: 'Bulky goods', metadata: { drop: '' }, products: [moved.id, 'prod_unknown'], shipping_options: [option.id, 'so_unknown'] })
      .expect(200);
    expect(res.body.shipping_profile).toMatchObject({ id: profile.id, name: 'Bulky goods', type: 'custom', metadata: { keep: 1 } });
    expect(ids(res.body.shipping_profile.products)).toEqual([moved.id]);
    expect(ids(res.body.shipping_profile.shipping_options)).toEqual([option.id]);
    expect(await t.dataSource.query('SELECT profile_id FROM product_shipping_profile WHERE product_id = $1', [moved.id])).toEqual([{ profile_id: profile.id }]);
    expect((await t.dataSource.query('SELECT profile_id FROM product WHERE id = $1', [stays.id]))[0].profile_id).toBe('sp_default');

    await admin.post(`/admin/shipping-profiles/${profile.id}`).send({ type: 'bulky' }).expect(400);
    await admin.post('/admin/shipping-profiles/sp_missing').send({ name: 'x' }).expect(404);
    expect((await admin.get(`/admin/shipping-profiles/${profile.id}`).expect(200)).body.shipping_profile.name).toBe('Bulky goods');
  });

  it('deletes softly without a check, unknown ids included (200)', async () => {
    const profile = (await admin.post('/admin/shipping-profiles').send({ name: 'Temp', type: 'custom' }).expect(200)).body.shipping_profile;
    expect((await admin.delete(`/admin/shipping-profiles/${profile.id}`).expect(200)).body).toEqual({
      id: profile.id,
      object: 'shipping_profile',
      deleted: true,
    });
    await admin.get(`/admin/shipping-profiles/${profile.id}`).expect(404);
    expect((await t.dataSource.query('SELECT deleted_at FROM shipping_profile WHERE id = $1', [profile.id]))[0].deleted_at).not.toBeNull();
    expect((await admin.delete('/admin/shipping-profiles/sp_missing').expect(200)).body.deleted).toBe(true);
  });
});

import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { Region } from '../../../src/modules/regions/region.entity';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
type Row = { id: string };
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

describe('Admin regions and shipping options (/admin/regions, /admin/shipping-options)', () => {
  let t: TestApp;
  let admin: Agent;
  let eu: Region;
  let uk: Region;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    eu = await createRegion(t.dataSource.manager, { name: 'Europe' });
    uk = await createRegion(t.dataSource.manager, { name: 'United Kingdom', currency_code: 'gbp', tax_rate: 20, countries: ['gb'] });
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    for (const path of [
      '/admin/regions',
      `/admin/regions/${eu.id}`,
      `/admin/regions/${eu.id}/fulfillment-options`,
      '/admin/shipping-options',
      '/admin/shipping-options/so_x',
    ]) {
      await t.http().get(path).expect(401);
    }
  });

  describe('regions', () => {
    it("lists regions with Medusa's admin relations (countries, providers, currency), newest first", async () => {
      const res = await admin.get('/admin/regions').expect(200);
      expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 50 });
      expect(res.body.regions.map((r: Row) => r.id)).toEqual([uk.id, eu.id]);
      expect(res.body.regions[0]).toMatchObject({
        name: 'United Kingdom',
        currency_code: 'gbp',
        currency: { code: 'gbp' },
        tax_rate: 20,
        countries: [expect.objectContaining({ iso_2: 'gb' })],
        fulfillment_providers: [{ id: 'manual', is_installed: true }],
      });
      expect(res.body.regions[0].payment_providers.map((p: Row) => p.id).sort()).toEqual(['manual', 'test']);
    });

    it('searches by name, pages, and leaves out deleted regions', async () => {
      expect(ids((await admin.get('/admin/regions?q=kingdom').expect(200)).body.regions)).toEqual([uk.id]);
      const page = await admin.get('/admin/regions?limit=1&offset=1').expect(200);
      expect(page.body).toMatchObject({ count: 2, limit: 1, offset: 1, regions: [expect.objectContaining({ id: eu.id })] });
      const gone = await createRegion(t.dataSource.manager, { name: 'Gone', countries: [] });
      await t.dataSource.getRepository(Region).softDelete(gone.id);
      expect(ids((await admin.get('/admin/regions').expect(200)).body.regions)).not.toContain(gone.id);
      await admin.get(`/admin/regions/${gone.id}`).expect(404);
    });

    it('gets a region, with expand; 404 for an unknown one; 400 for an unknown relation', async () => {
      const res = await admin.get(`/admin/regions/${eu.id}`).expect(200);
      expect(res.body.region).toMatchObject({ id: eu.id, countries: expect.any(Array), currency: { code: 'eur' } });
      const slim = await admin.get(`/admin/regions/${eu.id}?expand=countries`).expect(200);
      expect(slim.body.region).not.toHaveProperty('payment_providers');
      expect((await admin.get('/admin/regions/reg_missing').expect(404)).body).toEqual({ type: 'not_found', message: 'Region with reg_missing was not found' });
      expect((await admin.get(`/admin/regions/${eu.id}?expand=tax_rates.nope`).expect(400)).body.type).toBe('invalid_data');
    });

    it("lists the fulfillment options of the region's providers", async () => {
      const res = await admin.get(`/admin/regions/${eu.id}/fulfillment-options`).expect(200);
      expect(res.body).toEqual({
        fulfillment_options: [{ provider_id: 'manual', options: [{ id: 'manual-fulfillment' }, { id: 'manual-fulfillment-return', is_return: true }] }],
      });
      await admin.get('/admin/regions/reg_missing/fulfillment-options').expect(404);
    });
  });

  describe('shipping options', () => {
    it("lists a region's options, admin-only ones included, priced with its tax; is_return and admin_only filter", async () => {
      const m = t.dataSource.manager;
      const standard = await createShippingOption(m, {
        region_id: uk.id,
        name: 'Standard',
        amount: 1000,
        requirements: [{ type: 'min_subtotal', amount: 500 }],
      });
      const staff = await createShippingOption(m, { region_id: uk.id, name: 'Staff courier', admin_only: true, amount: 2000 });
      const returns = await createShippingOption(m, { region_id: uk.id, name: 'Returns', is_return: true });
      await createShippingOption(m, { region_id: eu.id, name: 'EU standard' });

      const res = await admin.get(`/admin/shipping-options?region_id=${uk.id}&is_return=false`).expect(200);
      expect(ids(res.body.shipping_options)).toEqual(ids([standard, staff]));
      expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 50 });
      const priced = res.body.shipping_options.find((o: Row) => o.id === standard.id);
      expect(priced).toMatchObject({
        amount: 1000,
        price_incl_tax: 1200,
        tax_amount: 200,
        tax_rates: [{ rate: 20, name: 'default', code: 'default' }],
        region: { id: uk.id },
        profile: { id: 'sp_default' },
        requirements: [expect.objectContaining({ type: 'min_subtotal', amount: 500 })],
      });
      expect(ids((await admin.get(`/admin/shipping-options?region_id=${uk.id}`).expect(200)).body.shipping_options)).toEqual(ids([standard, staff, returns]));
      expect(ids((await admin.get(`/admin/shipping-options?region_id=${uk.id}&admin_only=true`).expect(200)).body.shipping_options)).toEqual([staff.id]);
      expect(ids((await admin.get('/admin/shipping-options?q=courier').expect(200)).body.shipping_options)).toEqual([staff.id]);
      // Without the region expanded the price still uses the region's tax.
      const bare = await admin.get(`/admin/shipping-options?region_id=${uk.id}&expand=requirements`).expect(200);
      expect(bare.body.shipping_options.find((o: Row) => o.id === standard.id)).toMatchObject({ price_incl_tax: 1200 });
      expect(bare.body.shipping_options[0]).not.toHaveProperty('region');
      expect((await admin.get('/admin/shipping-options?is_return=maybe').expect(400)).body.type).toBe('invalid_data');
    });

    it('gets one option (404 for an unknown one)', async () => {
      const option = await createShippingOption(t.dataSource.manager, { region_id: eu.id, name: 'Express' });
      const res = await admin.get(`/admin/shipping-options/${option.id}`).expect(200);
      expect(res.body.shipping_option).toMatchObject({ id: option.id, name: 'Express', region: { id: eu.id }, requirements: [] });
      const missing = await admin.get('/admin/shipping-options/so_missing').expect(404);
      expect(missing.body).toEqual({ type: 'not_found', message: 'Shipping Option with so_missing was not found' });
    });
  });
});

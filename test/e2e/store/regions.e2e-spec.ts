import { createTestApp, TestApp } from '../../helpers/app';
import { createRegion } from '../../factories/region.factory';
import type { Region } from '../../../src/modules/regions/region.entity';

describe('Store regions (/store/regions)', () => {
  let t: TestApp;
  let eu: Region;
  let na: Region;

  beforeAll(async () => {
    t = await createTestApp();
    eu = await createRegion(t.dataSource.manager, { name: 'EU', countries: ['de', 'fr'] });
    await new Promise((r) => setTimeout(r, 20));
    na = await createRegion(t.dataSource.manager, { name: 'NA', currency_code: 'usd', tax_rate: 0, countries: ['us', 'ca'], payment_provider_ids: ['manual'] });
  });
  afterAll(() => t.close());

  it('lists regions with countries and providers, newest first, without authentication', async () => {
    const res = await t.http().get('/store/regions').expect(200);
    expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 100 });
    expect(res.body.regions.map((r: Region) => r.id)).toEqual([na.id, eu.id]);
    const body = res.body.regions[1];
    expect(body).toMatchObject({ id: eu.id, name: 'EU', currency_code: 'eur', tax_rate: 25, includes_tax: false, gift_cards_taxable: true });
    expect(body.countries.map((c: { iso_2: string }) => c.iso_2).sort()).toEqual(['de', 'fr']);
    expect(body.countries[0]).toHaveProperty('display_name');
    expect(body.payment_providers.map((p: { id: string }) => p.id).sort()).toEqual(['manual', 'test']);
    expect(body.fulfillment_providers).toEqual([{ id: 'manual', is_installed: true }]);
  });

  it("names countries as Medusa's country table does (storefronts pick them by display name)", async () => {
    const res = await t.http().get(`/store/regions/${na.id}`).expect(200);
    const us = res.body.region.countries.find((c: { iso_2: string }) => c.iso_2 === 'us');
    expect(us).toMatchObject({ iso_2: 'us', iso_3: 'usa', num_code: 840, name: 'UNITED STATES', display_name: 'United States' });
  });

  it('filters by created_at date objects', async () => {
    const cutoff = new Date(new Date(na.created_at).getTime() - 1).toISOString();
    const after = await t.http().get(`/store/regions?created_at[gt]=${cutoff}`).expect(200);
    expect(after.body.regions.map((r: Region) => r.id)).toEqual([na.id]);
    const before = await t.http().get(`/store/regions?created_at[lte]=${cutoff}`).expect(200);
    expect(before.body.regions.map((r: Region) => r.id)).toEqual([eu.id]);
    const seconds = Math.floor(Date.now() / 1000) + 3600;
    const unix = await t.http().get(`/store/regions?created_at[lt]=${seconds}`).expect(200);
    expect(unix.body.count).toBe(2);
  });

  it('rejects a malformed date filter', async () => {
    const res = await t.http().get('/store/regions?created_at[gt]=yesterday-ish').expect(400);
    expect(res.body.type).toBe('invalid_data');
    await t.http().get('/store/regions?created_at[between]=2020-01-01').expect(400);
  });

  it('orders by an allowed column and rejects others', async () => {
    const res = await t.http().get('/store/regions?order=name').expect(200);
    expect(res.body.regions.map((r: Region) => r.name)).toEqual(['EU', 'NA']);
    await t.http().get('/store/regions?order=countries').expect(400);
  });

  it('applies expand: replaces the default relations, and empty expand returns none', async () => {
    const only = await t.http().get(`/store/regions/${eu.id}?expand=countries`).expect(200);
    expect(only.body.region.countries).toHaveLength(2);
    expect(only.body.region).not.toHaveProperty('payment_providers');
    const none = await t.http().get(`/store/regions/${eu.id}?expand=`).expect(200);
    expect(none.body.region).not.toHaveProperty('countries');
    expect(none.body.region.name).toBe('EU');
    await t.http().get(`/store/regions/${eu.id}?expand=countries,secrets`).expect(400);
  });

  it('applies fields: only those plus id, and the expanded relations', async () => {
    const res = await t.http().get(`/store/regions/${eu.id}?fields=name,currency_code&expand=countries`).expect(200);
    expect(Object.keys(res.body.region).sort()).toEqual(['countries', 'currency_code', 'id', 'name']);
    const idOnly = await t.http().get(`/store/regions/${eu.id}?fields=&expand=`).expect(200);
    expect(res.body.region.id).toBe(eu.id);
    expect(idOnly.body.region).toEqual({ id: eu.id });
  });

  it('paginates', async () => {
    const res = await t.http().get('/store/regions?limit=1&offset=1').expect(200);
    expect(res.body).toMatchObject({ count: 2, limit: 1, offset: 1 });
    expect(res.body.regions.map((r: Region) => r.id)).toEqual([eu.id]);
  });

  it('gets one region and 404s for an unknown id', async () => {
    const res = await t.http().get(`/store/regions/${na.id}`).expect(200);
    expect(res.body.region).toMatchObject({ id: na.id, currency_code: 'usd' });
    const missing = await t.http().get('/store/regions/reg_missing').expect(404);
    expect(missing.body).toEqual({ type: 'not_found', message: 'Region with reg_missing was not found' });
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { createRegion } from '../../factories/region.factory';
import type { Region } from '../../../src/modules/regions/region.entity';

/** Store regions as Medusa v1.20 answers them (ported from integration-tests/api/__tests__/store/regions.js). */
describe('Store regions: Medusa v1 fidelity', () => {
  let t: TestApp;
  let first: Region;
  let second: Region;

  beforeAll(async () => {
    t = await createTestApp();
    first = await createRegion(t.dataSource.manager, { name: 'Test Region', currency_code: 'usd', tax_rate: 0, countries: ['us'] });
    await new Promise((r) => setTimeout(r, 20));
    second = await createRegion(t.dataSource.manager, { name: 'Test Region 1', currency_code: 'usd', tax_rate: 0, countries: ['ca'] });
  });
  afterAll(() => t.close());

  it('lists with pagination', async () => {
    const res = await t.http().get('/store/regions?limit=1&offset=1').expect(200);
    expect(res.body).toMatchObject({ count: 2, offset: 1, limit: 1 });
    expect(res.body.regions.map((r: Region) => r.id)).toEqual([first.id]);
  });

  it('sends each region with its currency by default, beside countries and providers', async () => {
    const list = await t.http().get('/store/regions').expect(200);
    for (const region of list.body.regions) {
      expect(region.currency).toMatchObject({ code: 'usd', symbol: '$', symbol_native: '$', name: 'US Dollar' });
      for (const relation of ['countries', 'payment_providers', 'fulfillment_providers']) expect(region).toHaveProperty(relation);
    }
    const one = await t.http().get(`/store/regions/${second.id}`).expect(200);
    expect(one.body.region).toMatchObject({ id: second.id, currency: { code: 'usd' } });
  });

  it('accepts expand=currency and refuses relations Medusa does not allow on the store', async () => {
    const res = await t.http().get('/store/regions?limit=1&offset=1&expand=currency').expect(200);
    expect(Object.keys(res.body.regions[0])).toContain('currency');
    expect(res.body.regions[0]).not.toHaveProperty('countries');
    for (const relation of ['tax_rates', 'tax_provider', 'countries.region']) {
      expect((await t.http().get(`/store/regions/${first.id}?expand=${relation}`).expect(400)).body.type).toBe('invalid_data');
    }
  });

  it("404s an unknown region with Medusa's message (seen on a real 1.20.10)", async () => {
    const res = await t.http().get('/store/regions/invalid-region-id').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Region with invalid-region-id was not found' });
  });

  it('with fields, a region of the list keeps created_at (a list route in Medusa 1.20.10)', async () => {
    const res = await t.http().get('/store/regions?fields=name&expand=').expect(200);
    for (const region of res.body.regions) expect(Object.keys(region).sort()).toEqual(['created_at', 'id', 'name']);
  });
});

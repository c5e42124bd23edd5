import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;
const codes = (region: Body) => (region.countries as Body[]).map((c) => c.iso_2);
const ids = (rows: Body[]) => rows.map((r) => r.id).sort();

/** Region writes as Medusa v1.20's RegionService applies them (reference §10). */
describe('Admin region writes (/admin/regions)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const body = (overrides: Body = {}) => ({
    name: 'North America',
    currency_code: 'usd',
    tax_rate: 10,
    payment_providers: ['manual'],
    fulfillment_providers: ['manual'],
    countries: ['us', 'ca'],
    ...overrides,
  });
  const events = async (name: string, id: string) =>
    (await t.dataSource.query(`SELECT data FROM outbox_event WHERE name = $1 AND data->>'id' = $2 ORDER BY seq`, [name, id])).map(
      (r: { data: Body }) => r.data,
    );
  const regionCount = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM region'))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().post('/admin/regions').send(body()).expect(401);
    await t.http().post('/admin/regions/reg_x').send({ name: 'x' }).expect(401);
    await t.http().delete('/admin/regions/reg_x').expect(401);
    await t.http().post('/admin/regions/reg_x/countries').send({ country_code: 'us' }).expect(401);
  });

  describe('POST /admin/regions', () => {
    it('creates a region (200) whose countries keep the order given, everywhere they are read; emits region.created', async () => {
      const res = await admin
        .post('/admin/regions')
        .send(body({ countries: ['US', 'ca'], tax_code: 'NA', metadata: { a: 1 } }))
        .expect(200);
      const region = res.body.region;
      expect(region).toMatchObject({
        id: expect.stringMatching(/^reg_/),
        name: 'North America',
        currency_code: 'usd',
        currency: { code: 'usd' },
        tax_rate: 10,
        tax_code: 'NA',
        automatic_taxes: true,
        gift_cards_taxable: true,
        metadata: { a: 1 },
        payment_providers: [{ id: 'manual', is_installed: true }],
        fulfillment_providers: [{ id: 'manual', is_installed: true }],
      });
      expect(codes(region)).toEqual(['us', 'ca']);
      expect(region.countries[0]).not.toHaveProperty('region_position');
      expect(codes((await admin.get(`/admin/regions/${region.id}`).expect(200)).body.region)).toEqual(['us', 'ca']);
      const listed = (await admin.get('/admin/regions').expect(200)).body.regions.find((r: Body) => r.id === region.id);
      expect(codes(listed)).toEqual(['us', 'ca']);
      expect(codes((await t.http().get(`/store/regions/${region.id}`).expect(200)).body.region)).toEqual(['us', 'ca']);
      const stored = (await t.http().get('/store/regions').expect(200)).body.regions.find((r: Body) => r.id === region.id);
      expect(codes(stored)).toEqual(['us', 'ca']);
      expect(await events('region.created', region.id)).toEqual([{ id: region.id }]);
    });

    it("refuses Medusa's invalid regions with its messages (400 / 422), creating nothing", async () => {
      const before = await regionCount();
      const empty = await admin.post('/admin/regions').send({}).expect(400);
      expect(empty.body.type).toBe('invalid_data');
      expect(empty.body.message).toContain('name must be a string');
      expect(empty.body.message).toContain('countries must be an array');
      const refusals: Array<[Body, number, string]> = [
        [body({ currency_code: 'eur' }), 400, 'Invalid currency code'],
        [body({ tax_rate: 101 }), 400, 'The tax_rate must be between 0 and 1'],
        [body({ countries: ['zz'] }), 400, 'Invalid country code'],
        [body({ countries: ['mx'], payment_providers: ['nope'] }), 400, 'Payment provider not found'],
        [body({ countries: ['mx'], fulfillment_providers: ['nope'] }), 400, 'Fulfillment provider not found'],
      ];
      for (const [input, status, message] of refusals) {
        const res = await admin.post('/admin/regions').send(input).expect(status);
        expect(res.body).toMatchObject({ message });
      }
      const taken = await admin
        .post('/admin/regions')
        .send(body({ countries: ['mx', 'us'] }))
        .expect(422);
      expect(taken.body).toMatchObject({ type: 'duplicate_error', message: expect.stringMatching(/^United States already exists in region reg_/) });
      await admin
        .post('/admin/regions')
        .send(body({ automatic_taxes: false }))
        .expect(400);
      expect(await regionCount()).toBe(before);
      expect((await t.dataSource.query(`SELECT region_id FROM country WHERE iso_2 = 'mx'`))[0].region_id).toBeNull();
    });
  });

  describe('POST /admin/regions/:id', () => {
    it('updates fields, merges metadata, replaces countries (in the new order) and providers; emits region.updated with the keys', async () => {
      const region = (
        await admin
          .post('/admin/regions')
          .send(body({ name: 'Nordics', countries: ['se', 'no'], metadata: { keep: 1, drop: 2 } }))
          .expect(200)
      ).body.region;
      const res = await admin
        .post(`/admin/regions/${region.id}`)
        .send({
          name: 'Norden',
          automatic_taxes: false,
          tax_rate: 25,
          countries: ['dk', 'SE'],
          payment_providers: ['manual', 'test'],
          metadata: { drop: '' },
          tax_provider_id: null,
        })
        .expect(200);
      expect(res.body.region).toMatchObject({ name: 'Norden', automatic_taxes: false, tax_rate: 25, metadata: { keep: 1 }, tax_provider_id: null });
      expect(codes(res.body.region)).toEqual(['dk', 'se']);
      expect(ids(res.body.region.payment_providers)).toEqual(['manual', 'test']);
      expect((await t.dataSource.query(`SELECT region_id FROM country WHERE iso_2 = 'no'`))[0].region_id).toBeNull();
      const [updated, ...more] = await events('region.updated', region.id);
      expect(more).toEqual([]);
      expect(updated.id).toBe(region.id);
      expect([...updated.fields].sort()).toEqual(['automatic_taxes', 'countries', 'metadata', 'name', 'payment_providers', 'tax_provider_id', 'tax_rate']);

      await admin.post(`/admin/regions/${region.id}`).send({ tax_provider_id: 'nope' }).expect(400);
      await admin.post(`/admin/regions/${region.id}`).send({ email: 'x' }).expect(400);
      expect((await admin.post('/admin/regions/reg_missing').send({ name: 'x' }).expect(404)).body).toEqual({
        type: 'not_found',
        message: 'Region with reg_missing was not found',
      });
      expect((await admin.get(`/admin/regions/${region.id}`).expect(200)).body.region.name).toBe('Norden');
    });
  });

  describe('countries and providers', () => {
    it('adds countries at the end (one region per country), removes them by lower-case code only', async () => {
      const region = (
        await admin
          .post('/admin/regions')
          .send(body({ name: 'Iberia', countries: ['pt'] }))
          .expect(200)
      ).body.region;
      expect(codes((await admin.post(`/admin/regions/${region.id}/countries`).send({ country_code: 'ES' }).expect(200)).body.region)).toEqual(['pt', 'es']);
      // Already there: nothing changes, no event.
      await admin.post(`/admin/regions/${region.id}/countries`).send({ country_code: 'es' }).expect(200);
      const other = await createRegion(t.dataSource.manager, { name: 'Alps', countries: ['ch'] });
      const taken = await admin.post(`/admin/regions/${region.id}/countries`).send({ country_code: 'ch' }).expect(422);
      expect(taken.body.message).toBe(`Switzerland already exists in region ${other.id}`);
      await admin.post(`/admin/regions/${region.id}/countries`).send({}).expect(400);

      expect(codes((await admin.delete(`/admin/regions/${region.id}/countries/PT`).expect(200)).body.region)).toEqual(['pt', 'es']);
      expect(codes((await admin.delete(`/admin/regions/${region.id}/countries/pt`).expect(200)).body.region)).toEqual(['es']);
      expect(await events('region.updated', region.id)).toEqual([
        { id: region.id, fields: ['countries'] },
        { id: region.id, fields: ['countries'] },
      ]);
    });

    it('adds and removes payment and fulfillment providers; an unknown one is 404', async () => {
      const region = (
        await admin
          .post('/admin/regions')
          .send(body({ name: 'Benelux', countries: ['nl'] }))
          .expect(200)
      ).body.region;
      const added = await admin.post(`/admin/regions/${region.id}/payment-providers`).send({ provider_id: 'test' }).expect(200);
      expect(ids(added.body.region.payment_providers)).toEqual(['manual', 'test']);
      const removed = await admin.delete(`/admin/regions/${region.id}/payment-providers/manual`).expect(200);
      expect(ids(removed.body.region.payment_providers)).toEqual(['test']);
      await admin.delete(`/admin/regions/${region.id}/payment-providers/manual`).expect(200);
      expect((await admin.post(`/admin/regions/${region.id}/payment-providers`).send({ provider_id: 'nope' }).expect(404)).body).toEqual({
        type: 'not_found',
        message: 'Payment provider nope was not found',
      });
      const noFulfilment = await admin.delete(`/admin/regions/${region.id}/fulfillment-providers/manual`).expect(200);
      expect(noFulfilment.body.region.fulfillment_providers).toEqual([]);
      const back = await admin.post(`/admin/regions/${region.id}/fulfillment-providers`).send({ provider_id: 'manual' }).expect(200);
      expect(ids(back.body.region.fulfillment_providers)).toEqual(['manual']);
      expect((await admin.post(`/admin/regions/${region.id}/fulfillment-providers`).send({ provider_id: 'nope' }).expect(404)).body.message).toBe(
        'Fulfillment provider nope was not found',
      );
      expect((await events('region.updated', region.id)).map((e: Body) => e.fields)).toEqual([
        ['payment_providers'],
        ['payment_providers'],
        ['fulfillment_providers'],
        ['fulfillment_providers'],
      ]);
    });
  });

  describe('DELETE /admin/regions/:id', () => {
    it('soft-deletes, releases the countries, emits region.deleted; unknown or deleted is 404', async () => {
      const region = (
        await admin
          .post('/admin/regions')
          .send(body({ name: 'Baltics', countries: ['ee', 'lv'] }))
          .expect(200)
      ).body.region;
      expect((await admin.delete(`/admin/regions/${region.id}`).expect(200)).body).toEqual({ id: region.id, object: 'region', deleted: true });
      expect(await t.dataSource.query(`SELECT region_id, region_position FROM country WHERE iso_2 IN ('ee', 'lv')`)).toEqual([
        { region_id: null, region_position: null },
        { region_id: null, region_position: null },
      ]);
      expect(await events('region.deleted', region.id)).toEqual([{ id: region.id }]);
      await admin.get(`/admin/regions/${region.id}`).expect(404);
      await admin.delete(`/admin/regions/${region.id}`).expect(404);
      await admin.delete('/admin/regions/reg_missing').expect(404);
      // Its countries are free for another region.
      await admin
        .post('/admin/regions')
        .send(body({ name: 'Baltics again', countries: ['lv', 'ee'] }))
        .expect(200);
    });
  });
});

import { Region } from '../../../src/modules/regions/region.entity';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

/** Shipping option writes as Medusa v1.20's ShippingOptionService applies them (reference §11). */
describe('Admin shipping option writes (/admin/shipping-options)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let region: Region;

  const body = (overrides: Body = {}) => ({
    name: 'Standard',
    region_id: region.id,
    provider_id: 'manual',
    data: { id: 'manual-fulfillment' },
    price_type: 'flat_rate',
    amount: 1000,
    ...overrides,
  });
  const optionCount = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM shipping_option'))[0].n as number;
  const requirements = (option: Body) =>
    (option.requirements as Body[]).map((r) => ({ type: r.type, amount: r.amount })).sort((a, b) => a.type.localeCompare(b.type));

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    region = await createRegion(t.dataSource.manager, { name: 'Europe' });
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().post('/admin/shipping-options').send({}).expect(401);
    await t.http().post('/admin/shipping-options/so_x').send({ requirements: [] }).expect(401);
    await t.http().delete('/admin/shipping-options/so_x').expect(401);
  });

  describe('POST /admin/shipping-options', () => {
    it("creates an option (200) in the store's default profile with requirements; answers its region, profile and requirements", async () => {
      const res = await admin
        .post('/admin/shipping-options')
        .send(
          body({
            requirements: [
              { type: 'min_subtotal', amount: 100 },
              { type: 'max_subtotal', amount: 5000 },
            ],
            metadata: { a: 1 },
          }),
        )
        .expect(200);
      const option = res.body.shipping_option;
      expect(option).toMatchObject({
        id: expect.stringMatching(/^so_/),
        name: 'Standard',
        region_id: region.id,
        region: { id: region.id },
        profile_id: 'sp_default',
        profile: { id: 'sp_default' },
        provider_id: 'manual',
        price_type: 'flat_rate',
        amount: 1000,
        is_return: false,
        admin_only: false,
        data: { id: 'manual-fulfillment' },
        metadata: { a: 1 },
      });
      expect(requirements(option)).toEqual([
        { type: 'max_subtotal', amount: 5000 },
        { type: 'min_subtotal', amount: 100 },
      ]);
      expect(option).not.toHaveProperty('price_incl_tax');
      // The storefront sees it for a cart of the region (listed for the default profile).
      const store = await t.http().get(`/store/shipping-options?region_id=${region.id}`).expect(200);
      expect(store.body.shipping_options.map((o: Body) => o.id)).toContain(option.id);
    });

    it('casts admin_only and is_return as Medusa does: the string "false" is true', async () => {
      const res = await admin
        .post('/admin/shipping-options')
        .send(body({ name: 'Return', is_return: 'false', admin_only: true }))
        .expect(200);
      expect(res.body.shipping_option).toMatchObject({ is_return: true, admin_only: true });
    });

    it("refuses with Medusa's statuses and messages, creating nothing", async () => {
      const before = await optionCount();
      const cases: Array<[Body, number, string]> = [
        [body({ region_id: 'reg_missing' }), 404, 'Region with reg_missing was not found'],
        [body({ provider_id: 'other' }), 400, 'The fulfillment provider is not available in the provided region'],
        [body({ amount: undefined }), 400, 'Shipping options of type `flat_rate` must have an `amount`'],
        [body({ price_type: 'calculated' }), 400, 'The fulfillment provider cannot calculate prices for this option'],
        [body({ price_type: 'free' }), 400, 'Invalid price type, must be one of "flat_rate" or "calculated"'],
        [body({ requirements: [{ type: 'weight', amount: 1 }] }), 400, 'Invalid option type, must be one of "min_subtotal" or "max_subtotal"'],
        [
          body({
            requirements: [
              { type: 'min_subtotal', amount: 1 },
              { type: 'min_subtotal', amount: 2 },
            ],
          }),
          400,
          'Only one requirement of each type is allowed',
        ],
        [
          body({
            requirements: [
              { type: 'min_subtotal', amount: 500 },
              { type: 'max_subtotal', amount: 100 },
            ],
          }),
          400,
          'Max. subtotal must be greater than Min. subtotal',
        ],
        [body({ amount: 10.5 }), 400, 'amount must be an integer number'],
      ];
      for (const [input, status, message] of cases) {
        const res = await admin.post('/admin/shipping-options').send(input).expect(status);
        expect(res.body.message).toContain(message);
        expect(res.body.type).toBeDefined();
      }
      const { data: _data, ...noData } = body();
      expect((await admin.post('/admin/shipping-options').send(noData).expect(400)).body.message).toContain('data must be an object');
      expect(await optionCount()).toBe(before);
    });
  });

  describe('POST /admin/shipping-options/:id', () => {
    it('replaces the requirements as Medusa does: listed ids updated, new ones added, the rest soft-deleted', async () => {
      const created = (
        await admin
          .post('/admin/shipping-options')
          .send(
            body({
              name: 'Express',
              requirements: [
                { type: 'min_subtotal', amount: 100 },
                { type: 'max_subtotal', amount: 5000 },
              ],
            }),
          )
          .expect(200)
      ).body.shipping_option;
      const min = created.requirements.find((r: Body) => r.type === 'min_subtotal');
      const max = created.requirements.find((r: Body) => r.type === 'max_subtotal');

      const res = await admin
        .post(`/admin/shipping-options/${created.id}`)
        .send({ name: 'Express 24h', amount: 1500, admin_only: true, requirements: [{ id: min.id, type: 'min_subtotal', amount: 200 }] })
        .expect(200);
      expect(res.body.shipping_option).toMatchObject({ name: 'Express 24h', amount: 1500, admin_only: true });
      expect(requirements(res.body.shipping_option)).toEqual([{ type: 'min_subtotal', amount: 200 }]);
      expect((await t.dataSource.query('SELECT deleted_at FROM shipping_option_requirement WHERE id = $1', [max.id]))[0].deleted_at).not.toBeNull();

      const added = await admin
        .post(`/admin/shipping-options/${created.id}`)
        .send({
          requirements: [
            { id: min.id, type: 'min_subtotal', amount: 200 },
            { type: 'max_subtotal', amount: 9000 },
          ],
        })
        .expect(200);
      expect(requirements(added.body.shipping_option)).toEqual([
        { type: 'max_subtotal', amount: 9000 },
        { type: 'min_subtotal', amount: 200 },
      ]);
      const cleared = await admin.post(`/admin/shipping-options/${created.id}`).send({ requirements: [] }).expect(200);
      expect(cleared.body.shipping_option.requirements).toEqual([]);
    });

    it("refuses with Medusa's messages, changing nothing", async () => {
      const created = (
        await admin
          .post('/admin/shipping-options')
          .send(body({ name: 'Keep' }))
          .expect(200)
      ).body.shipping_option;
      const cases: Array<[Body, number, string]> = [
        [{ name: 'x' }, 400, 'requirements must be an array'],
        [{ requirements: [{ type: 'weight', amount: 1 }] }, 400, 'Requirement type must be one of min_subtotal, max_subtotal'],
        [{ requirements: [{ id: 'sor_missing', type: 'min_subtotal', amount: 1 }] }, 400, 'Shipping option requirement with id sor_missing does not exist'],
        [{ requirements: [], price_type: 'calculated' }, 400, 'The fulfillment provider cannot calculate prices for this option'],
        [{ requirements: [], region_id: region.id }, 400, 'property region_id should not exist'],
        [{ requirements: [], name: 'Changed', is_return: true }, 400, 'property is_return should not exist'],
      ];
      for (const [input, status, message] of cases) {
        const res = await admin.post(`/admin/shipping-options/${created.id}`).send(input).expect(status);
        expect(res.body.message).toContain(message);
      }
      expect((await admin.post('/admin/shipping-options/so_missing').send({ requirements: [] }).expect(404)).body).toEqual({
        type: 'not_found',
        message: 'Shipping Option with so_missing was not found',
      });
      expect((await admin.get(`/admin/shipping-options/${created.id}`).expect(200)).body.shipping_option).toMatchObject({
        name: 'Keep',
        price_type: 'flat_rate',
      });
    });
  });

  describe('DELETE /admin/shipping-options/:id', () => {
    it('soft-deletes (200), unknown ids included; the option is gone from reads', async () => {
      const created = (
        await admin
          .post('/admin/shipping-options')
          .send(body({ name: 'Gone' }))
          .expect(200)
      ).body.shipping_option;
      expect((await admin.delete(`/admin/shipping-options/${created.id}`).expect(200)).body).toEqual({
        id: created.id,
        object: 'shipping-option',
        deleted: true,
      });
      await admin.get(`/admin/shipping-options/${created.id}`).expect(404);
      expect((await t.dataSource.query('SELECT deleted_at FROM shipping_option WHERE id = $1', [created.id]))[0].deleted_at).not.toBeNull();
      await admin.delete('/admin/shipping-options/so_missing').expect(200);
    });
  });
});

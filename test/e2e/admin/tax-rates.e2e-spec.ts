import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { Region } from '../../../src/modules/regions/region.entity';

type Body = Record<string, any>;
const ids = (rows: Body[]) => rows.map((r) => r.id).sort();

/** Tax rates and their overrides as Medusa v1.20's routes keep them (reference §13). */
describe('Admin tax rates (/admin/tax-rates)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let eu: Region;
  let uk: Region;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    eu = await createRegion(t.dataSource.manager, { name: 'EU', countries: ['de'] });
    uk = await createRegion(t.dataSource.manager, { name: 'UK', currency_code: 'gbp', countries: ['gb'] });
  });
  afterAll(() => t.close());

  const rateCount = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM tax_rate'))[0].n as number;

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/tax-rates').expect(401);
    await t.http().post('/admin/tax-rates').send({ code: 'x', name: 'x', region_id: eu.id }).expect(401);
    await t.http().delete('/admin/tax-rates/txr_x').expect(401);
  });

  it('creates a rate with its overrides (200, no metadata in the answer) and gets it with expand', async () => {
    const book = await createProduct(t.dataSource.manager, { handle: 'tax-novel' });
    const option = await createShippingOption(t.dataSource.manager, { region_id: eu.id });
    const res = await admin
      .post('/admin/tax-rates')
      .send({ code: 'BOOK', name: 'Books', region_id: eu.id, rate: 6, products: [book.id], shipping_options: [option.id], metadata: { a: 1 } })
      .expect(200);
    const rate = res.body.tax_rate;
    expect(rate).toEqual({
      id: expect.stringMatching(/^txr_/),
      code: 'BOOK',
      name: 'Books',
      region_id: eu.id,
      rate: 6,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await admin.get(`/admin/tax-rates/${rate.id}?expand=products,shipping_options`).expect(200);
    expect(ids(got.body.tax_rate.products)).toEqual([book.id]);
    expect(ids(got.body.tax_rate.shipping_options)).toEqual([option.id]);
    expect((await admin.get('/admin/tax-rates/txr_missing').expect(404)).body).toEqual({
      type: 'not_found',
      message: 'TaxRate with txr_missing was not found',
    });
  });

  it("refuses with Medusa's statuses and messages, creating nothing", async () => {
    const before = await rateCount();
    const ukOption = await createShippingOption(t.dataSource.manager, { region_id: uk.id });
    expect((await admin.post('/admin/tax-rates').send({ code: 'X', name: 'X', region_id: 'reg_missing' }).expect(404)).body.message).toBe(
      'Region with region_id reg_missing does not exist.',
    );
    const unknownProduct = await admin
      .post('/admin/tax-rates')
      .send({ code: 'X', name: 'X', region_id: eu.id, products: ['prod_missing'] })
      .expect(404);
    expect(unknownProduct.body.message).toMatch(/^TaxRate with txr_\w+ was not found$/);
    expect(
      (
        await admin
          .post('/admin/tax-rates')
          .send({ code: 'X', name: 'X', region_id: eu.id, product_types: ['ptyp_missing'] })
          .expect(404)
      ).body.message,
    ).toBe('Product type with id: ptyp_missing was not found');
    const otherRegion = await admin
      .post('/admin/tax-rates')
      .send({ code: 'X', name: 'X', region_id: eu.id, shipping_options: [ukOption.id] })
      .expect(400);
    expect(otherRegion.body).toMatchObject({
      type: 'not_allowed',
      message: expect.stringMatching(
        new RegExp(
          `^Shipping Option and Tax Rate must belong to the same Region to be associated. Shipping Option with id: ${ukOption.id} belongs to Region with id: ${uk.id}`,
        ),
      ),
    });
    expect((await admin.post('/admin/tax-rates').send({ name: 'X' }).expect(400)).body.type).toBe('invalid_data');
    expect(await rateCount()).toBe(before);
  });

  it('lists with filters and q, newest first', async () => {
    await admin.post('/admin/tax-rates').send({ code: 'UKR', name: 'UK reduced', region_id: uk.id, rate: 5 }).expect(200);
    const all = await admin.get('/admin/tax-rates').expect(200);
    expect(all.body).toMatchObject({ offset: 0, limit: 50, count: await rateCount() });
    expect(all.body.tax_rates[0].name).toBe('UK reduced');
    expect((await admin.get(`/admin/tax-rates?region_id[]=${uk.id}`).expect(200)).body.tax_rates.map((r: Body) => r.name)).toEqual(['UK reduced']);
    expect((await admin.get('/admin/tax-rates?q=reduc').expect(200)).body.count).toBe(1);
    expect((await admin.get('/admin/tax-rates?code=UKR').expect(200)).body.count).toBe(1);
    expect((await admin.get('/admin/tax-rates?rate=5').expect(200)).body.count).toBe(1);
  });

  it('updates scalars, replaces a given set, and the batches add and remove; delete is hard', async () => {
    const a = await createProduct(t.dataSource.manager, { handle: 'tax-a' });
    const b = await createProduct(t.dataSource.manager, { handle: 'tax-b' });
    const [{ id: typeId }] = await t.dataSource.query(`INSERT INTO product_type (id, value) VALUES ('ptyp_tax_books', 'Tax books') RETURNING id`);
    const rate = (
      await admin
        .post('/admin/tax-rates')
        .send({ code: 'R', name: 'Reduced', region_id: eu.id, rate: 12, products: [a.id] })
        .expect(200)
    ).body.tax_rate;
    const updated = await admin
      .post(`/admin/tax-rates/${rate.id}?expand=products`)
      .send({ rate: 10, products: [b.id] })
      .expect(200);
    expect(updated.body.tax_rate).toMatchObject({ rate: 10, name: 'Reduced' });
    expect(ids(updated.body.tax_rate.products)).toEqual([b.id]);

    const added = await admin
      .post(`/admin/tax-rates/${rate.id}/products/batch?expand=products`)
      .send({ products: [a.id] })
      .expect(200);
    expect(ids(added.body.tax_rate.products)).toEqual([a.id, b.id].sort());
    await admin
      .post(`/admin/tax-rates/${rate.id}/products/batch`)
      .send({ products: ['prod_missing'] })
      .expect(404);
    const removed = await admin
      .delete(`/admin/tax-rates/${rate.id}/products/batch?expand=products`)
      .send({ products: [b.id, 'prod_unknown'] })
      .expect(200);
    expect(ids(removed.body.tax_rate.products)).toEqual([a.id]);
    const typed = await admin
      .post(`/admin/tax-rates/${rate.id}/product-types/batch?expand=product_types`)
      .send({ product_types: [typeId] })
      .expect(200);
    expect(ids(typed.body.tax_rate.product_types)).toEqual([typeId]);
    await admin
      .delete(`/admin/tax-rates/${rate.id}/product-types/batch`)
      .send({ product_types: [typeId] })
      .expect(200);
    const option = await createShippingOption(t.dataSource.manager, { region_id: eu.id });
    await admin
      .post(`/admin/tax-rates/${rate.id}/shipping-options/batch`)
      .send({ shipping_options: [option.id] })
      .expect(200);
    await admin
      .delete(`/admin/tax-rates/${rate.id}/shipping-options/batch`)
      .send({ shipping_options: [option.id] })
      .expect(200);

    expect((await admin.delete(`/admin/tax-rates/${rate.id}`).expect(200)).body).toEqual({ id: rate.id, object: 'tax-rate', deleted: true });
    expect(await t.dataSource.query('SELECT 1 FROM product_tax_rate WHERE rate_id = $1', [rate.id])).toEqual([]);
    await admin.get(`/admin/tax-rates/${rate.id}`).expect(404);
    await admin.delete('/admin/tax-rates/txr_missing').expect(200);
  });
});

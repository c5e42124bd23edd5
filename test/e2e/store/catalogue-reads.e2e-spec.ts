import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import type { Region } from '../../../src/modules/regions/region.entity';

describe('Store catalogue reads: variants, tags, types, search', () => {
  let t: TestApp;
  let region: Region;
  let draftVariant: string;
  let publishedVariant: string;
  let draftProduct: string;

  beforeAll(async () => {
    t = await createTestApp();
    region = await createRegion(t.dataSource.manager, { currency_code: 'eur', countries: [], tax_rate: 25, automatic_taxes: true });
    const draft = await createProduct(t.dataSource.manager, {
      status: 'draft',
      title: 'Draft',
      variants: [{ title: 'Draft V', prices: [{ currency_code: 'eur', amount: 4950 }] }],
    });
    const published = await createProduct(t.dataSource.manager, { title: 'Published' });
    draftProduct = draft.id;
    [{ id: draftVariant }] = await t.dataSource.query(`SELECT id FROM product_variant WHERE product_id = $1`, [draft.id]);
    [{ id: publishedVariant }] = await t.dataSource.query(`SELECT id FROM product_variant WHERE product_id = $1`, [published.id]);
    await t.dataSource.query(`INSERT INTO product_tag (id, value) VALUES ('ptag_a', 'alpha'), ('ptag_b', 'beta')`);
    await t.dataSource.query(`INSERT INTO product_type (id, value) VALUES ('ptyp_a', 'shirts')`);
  });
  afterAll(() => t.close());

  describe('GET /store/variants', () => {
    it('answers { variants } only, draft products’ variants included, by ids', async () => {
      const res = await t.http().get(`/store/variants?ids=${draftVariant},${publishedVariant}`).expect(200);
      expect(Object.keys(res.body)).toEqual(['variants']);
      expect(res.body.variants.map((v: { id: string }) => v.id).sort()).toEqual([draftVariant, publishedVariant].sort());
      expect(res.body.variants[0]).toHaveProperty('product');
      expect(res.body.variants[0]).toHaveProperty('options');
    });

    it('prices for a region, with its taxes', async () => {
      const res = await t.http().get(`/store/variants?id[]=${draftVariant}&region_id=${region.id}`).expect(200);
      expect(res.body.variants[0]).toMatchObject({
        original_price: 4950,
        calculated_price: 4950,
        calculated_price_type: 'default',
        calculated_tax: 1238,
        calculated_price_incl_tax: 6188,
      });
    });

    it('refuses an expand outside the allowed relations (400)', async () => {
      const res = await t.http().get('/store/variants?expand=product.images').expect(400);
      expect(res.body.type).toBe('invalid_data');
    });
  });

  describe('GET /store/variants/:id', () => {
    it('answers a variant, 404 for an unknown one', async () => {
      const res = await t.http().get(`/store/variants/${draftVariant}?currency_code=eur`).expect(200);
      expect(res.body.variant).toMatchObject({ id: draftVariant, product_id: draftProduct, calculated_price: 4950 });
      const missing = await t.http().get('/store/variants/variant_nope').expect(404);
      expect(missing.body).toMatchObject({ type: 'not_found', message: 'Variant with id: variant_nope was not found' });
    });

    it("refuses a variant outside a publishable key's channels", async () => {
      const admin = await adminAgent(t);
      const channel = (await admin.post('/admin/sales-channels').send({ name: 'Kiosk' }).expect(200)).body.sales_channel.id;
      const key = (await admin.post('/admin/publishable-api-keys').send({ title: 'Kiosk' }).expect(200)).body.publishable_api_key.id;
      await admin
        .post(`/admin/publishable-api-keys/${key}/sales-channels/batch`)
        .send({ sales_channel_ids: [{ id: channel }] })
        .expect(200);
      const res = await t.http().get(`/store/variants/${draftVariant}`).set('x-publishable-api-key', key).expect(400);
      expect(res.body.errors).toEqual([
        `Variant with id: ${draftVariant} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
      ]);
      await t.http().get(`/store/variants?sales_channel_id=sc_default`).set('x-publishable-api-key', key).expect(400);
    });
  });

  describe('GET /store/product-tags and /store/product-types', () => {
    it('list with count, limit 20 and q; order only on allowed fields', async () => {
      const tags = await t.http().get('/store/product-tags?q=alp').expect(200);
      expect(tags.body).toMatchObject({ count: 1, offset: 0, limit: 20, product_tags: [{ id: 'ptag_a', value: 'alpha' }] });
      const ordered = await t.http().get('/store/product-tags?order=value').expect(200);
      expect(ordered.body.product_tags.map((x: { value: string }) => x.value)).toEqual(['alpha', 'beta']);
      const badOrder = await t.http().get('/store/product-tags?order=metadata').expect(400);
      expect(badOrder.body.type).toBe('invalid_data');
      await t.http().get('/store/product-tags?expand=x').expect(400);
      const types = await t.http().get('/store/product-types').expect(200);
      expect(types.body).toMatchObject({ count: 1, limit: 20, product_types: [{ id: 'ptyp_a', value: 'shirts' }] });
    });
  });

  describe('POST /store/products/search', () => {
    it('answers { hits: [] } as Medusa without a search plugin, accepting extra options', async () => {
      const res = await t
        .http()
        .post('/store/products/search')
        .send({ q: 'shirt', limit: '10', offset: 0, filter: { x: 1 }, extra: true })
        .expect(200);
      expect(res.body).toEqual({ hits: [] });
    });

    it('refuses wrong types (400), and answers 404 with a publishable key (Medusa reads "search" as an id)', async () => {
      const res = await t.http().post('/store/products/search').send({ q: 5 }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'q must be a string' });
      const keyed = await t.http().post('/store/products/search').set('x-publishable-api-key', 'pk_x').send({ q: 'a' }).expect(404);
      expect(keyed.body.message).toBe('Product with id: search was not found');
    });
  });
});

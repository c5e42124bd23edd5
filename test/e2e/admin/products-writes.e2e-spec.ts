import { createCollection } from '../../factories/collection.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent, bearer } from '../../helpers/auth';
import { eventually } from '../../helpers/change-notices';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';
import type { Region } from '../../../src/modules/regions/region.entity';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
interface Price {
  id: string;
  currency_code: string;
  region_id: string | null;
  amount: number;
  min_quantity: number | null;
  max_quantity: number | null;
}
interface Variant {
  id: string;
  title: string;
  sku: string | null;
  variant_rank: number;
  inventory_quantity: number;
  prices: Price[];
  options: Array<{ option_id: string; value: string }>;
}

describe('Admin product writes (/admin/products, options, variants, prices)', () => {
  let t: TestApp;
  let admin: Agent;
  let region: Region;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    region = await createRegion(t.dataSource.manager, { currency_code: 'eur', countries: [] });
  });
  afterAll(() => t.close());

  const eventsOf = (id: string) =>
    t.dataSource.query(`SELECT name, data FROM outbox_event WHERE data ->> 'id' = $1 OR data ->> 'product_id' = $1 ORDER BY seq`, [id]) as Promise<
      Array<{ name: string; data: Record<string, unknown> }>
    >;
  const productCount = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM product`))[0].n as number;

  const shirt = (extra: Record<string, unknown> = {}) => ({
    title: 'Crème Brûlée Shirt',
    options: [{ title: 'Size' }, { title: 'Color' }],
    images: ['https://img.test/a.png', 'https://img.test/b.png'],
    tags: [{ value: 'summer' }],
    type: { value: 'shirts' },
    variants: [
      {
        title: 'S / Black',
        sku: `sku-s-${Math.random()}`,
        inventory_quantity: 5,
        prices: [
          { currency_code: 'EUR', amount: 1000 },
          { currency_code: 'eur', amount: 800, min_quantity: 10 },
          { region_id: region.id, amount: 900, min_quantity: 3 },
        ],
        options: [{ value: 'S' }, { value: 'Black' }],
      },
      { title: 'M / Black', prices: [{ currency_code: 'usd', amount: 1200 }], options: [{ value: 'M' }, { value: 'Black' }] },
    ],
    ...extra,
  });

  describe('POST /admin/products', () => {
    it('creates a product with options, variants, prices, images, tags, type and the default channel (200)', async () => {
      const collection = await createCollection(t.dataSource.manager, { title: 'Summer' });
      const res = await admin
        .post('/admin/products')
        .send(shirt({ collection_id: collection.id }))
        .expect(200);
      const product = res.body.product;
      expect(product).toMatchObject({
        id: expect.stringMatching(/^prod_/),
        title: 'Crème Brûlée Shirt',
        handle: 'creme-brulee-shirt',
        status: 'draft',
        discountable: true,
        is_giftcard: false,
        thumbnail: 'https://img.test/a.png',
        collection_id: collection.id,
        type: { value: 'shirts' },
        tags: [{ value: 'summer' }],
        sales_channels: [{ id: 'sc_default' }],
      });
      expect(product.images.map((i: { url: string }) => i.url).sort()).toEqual(['https://img.test/a.png', 'https://img.test/b.png']);
      expect(product.options.map((o: { title: string }) => o.title).sort()).toEqual(['Color', 'Size']);
      const [small, medium] = product.variants as Variant[];
      expect([small.title, small.variant_rank, small.inventory_quantity, medium.title, medium.variant_rank, medium.inventory_quantity]).toEqual([
        'S / Black',
        0,
        5,
        'M / Black',
        1,
        0,
      ]);
      const size = product.options.find((o: { title: string }) => o.title === 'Size');
      expect(small.options.find((o) => o.option_id === size.id)?.value).toBe('S');
      // Two prices of one currency at creation are two tiers; a region price drops its bounds and takes the region's currency.
      expect(small.prices.map((p) => [p.currency_code, p.region_id, p.amount, p.min_quantity]).sort()).toEqual([
        ['eur', null, 1000, null],
        ['eur', null, 800, 10],
        ['eur', region.id, 900, null],
      ]);
      const events = await eventsOf(product.id);
      expect(events.map((e) => e.name)).toEqual(['product.created', 'product-variant.created', 'product-variant.created']);
      expect(events[1].data).toEqual({ id: small.id, product_id: product.id });
    });

    it('reuses tags, types and images by value; gift cards are never discountable', async () => {
      const res = await admin
        .post('/admin/products')
        .send({
          title: 'Gift',
          is_giftcard: true,
          discountable: true,
          tags: [{ value: 'summer' }],
          type: { value: 'shirts' },
          images: ['https://img.test/a.png'],
        })
        .expect(200);
      expect(res.body.product.discountable).toBe(false);
      const [{ tags, types, images }] = await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM product_tag WHERE value = 'summer') AS tags, (SELECT count(*)::int FROM product_type WHERE value = 'shirts') AS types,
                (SELECT count(*)::int FROM image WHERE url = 'https://img.test/a.png') AS images`,
      );
      expect([tags, types, images]).toEqual([1, 1, 1]);
    });

    it('refuses bad input with 400 and writes nothing', async () => {
      const before = await productCount();
      const missing = await admin.post('/admin/products').send({}).expect(400);
      expect(missing.body).toEqual({ type: 'invalid_data', message: expect.stringContaining('title must be a string') });
      const xor = await admin
        .post('/admin/products')
        .send({ title: 'X', variants: [{ title: 'v', prices: [{ amount: 1 }] }] })
        .expect(400);
      expect(xor.body.message).toBe(
        'Failed XOR relation between "region_id" and "currency_code"., Failed XOR relation between "currency_code" and "region_id".',
      );
      await admin
        .post('/admin/products')
        .send({ title: 'X', variants: [{ title: 'v', prices: [{ currency_code: 'eur', amount: 1.5 }] }] })
        .expect(400);
      await admin.post('/admin/products').send({ title: 'X', is_giftcard: null }).expect(400);
      await admin.post('/admin/products').send({ title: 'X', nope: 1 }).expect(400);
      const channels = await admin
        .post('/admin/products')
        .send({ title: 'X', sales_channels: [{ id: 'sc_a' }, { id: 'sc_b' }] })
        .expect(400);
      expect(channels.body).toMatchObject({ errors: ['Sales Channels sc_a, sc_b do not exist'] });
      const collection = await admin.post('/admin/products').send({ title: 'X', collection_id: 'pcol_nope' }).expect(404);
      expect(collection.body.message).toBe('Product_collection with collection_id pcol_nope does not exist.');
      const currency = await admin
        .post('/admin/products')
        .send({ title: 'X', variants: [{ title: 'v', prices: [{ currency_code: 'zzz', amount: 1 }] }] })
        .expect(400);
      expect(currency.body.type).toBe('invalid_data');
      expect(await productCount()).toBe(before);
    });

    it('refuses a live handle (422) and, on variant creation, a taken SKU, EAN, UPC or barcode (400 invalid_data), rolling everything back', async () => {
      await admin.post('/admin/products').send({ title: 'Handle Taken' }).expect(200);
      const handle = await admin.post('/admin/products').send({ title: 'Other', handle: 'handle-taken' }).expect(422);
      expect(handle.body).toMatchObject({ type: 'duplicate_error', message: 'Product with handle handle-taken already exists.' });
      await admin
        .post('/admin/products')
        .send({ title: 'Codes', variants: [{ title: 'v', sku: 'SKU-1', ean: 'EAN-1', upc: 'UPC-1', barcode: 'BARCODE-1', prices: [] }] })
        .expect(200);
      const before = await productCount();
      for (const code of ['sku', 'ean', 'upc', 'barcode']) {
        const value = `${code.toUpperCase()}-1`;
        const res = await admin
          .post('/admin/products')
          .send({ title: `Clash ${code}`, variants: [{ title: 'v', [code]: value, prices: [] }] })
          .expect(400);
        expect(res.body).toEqual({ type: 'invalid_data', message: `Product_variant with ${code} ${value} already exists.` });
      }
      // Two new variants clashing with each other: the unique index decides, still a 400.
      const twice = await admin
        .post('/admin/products')
        .send({
          title: 'Twice',
          variants: [
            { title: 'a', sku: 'SAME', prices: [] },
            { title: 'b', sku: 'SAME', prices: [] },
          ],
        })
        .expect(400);
      expect(twice.body.type).toBe('invalid_data');
      expect(await productCount()).toBe(before);
    });
  });

  describe('POST /admin/products/:id', () => {
    it('updates fields, replaces tags and images, and the variants list as Medusa does', async () => {
      const created = (
        await admin
          .post('/admin/products')
          .send(shirt({ handle: 'shirt-two' }))
          .expect(200)
      ).body.product;
      const [small, medium] = created.variants as Variant[];
      const res = await admin
        .post(`/admin/products/${created.id}`)
        .send({
          title: 'Renamed',
          status: 'published',
          tags: [{ value: 'winter' }],
          images: ['https://img.test/c.png'],
          metadata: { a: 1 },
          variants: [
            { title: 'New first', inventory_quantity: 1, prices: [{ currency_code: 'eur', amount: 500 }], options: [] },
            { id: medium.id, title: 'M renamed', prices: [{ currency_code: 'usd', amount: 1300 }] },
          ],
        })
        .expect(200);
      const product = res.body.product;
      expect(product).toMatchObject({ title: 'Renamed', status: 'published', tags: [{ value: 'winter' }], metadata: { a: 1 } });
      expect(product.images.map((i: { url: string }) => i.url)).toEqual(['https://img.test/c.png']);
      const variants = product.variants as Variant[];
      expect(variants.map((v) => v.id)).not.toContain(small.id);
      const kept = variants.find((v) => v.id === medium.id)!;
      const added = variants.find((v) => v.title === 'New first')!;
      // A new variant at index 0 takes the number of variants left (1); the kept one its index (1).
      expect([kept.title, kept.variant_rank, added.variant_rank]).toEqual(['M renamed', 1, 1]);
      // One currency entry keeps that row (same id), amount overwritten.
      expect(kept.prices.map((p) => [p.id, p.amount])).toEqual([[medium.prices[0].id, 1300]]);
      const names = (await eventsOf(created.id)).map((e) => e.name);
      expect(names.slice(3)).toEqual(['product.updated', 'product-variant.deleted', 'product-variant.updated', 'product-variant.created']);
      const [updated] = (await eventsOf(created.id)).filter((e) => e.name === 'product.updated');
      expect(updated.data.id).toBe(created.id);
      expect((updated.data.fields as string[]).sort()).toEqual(['images', 'metadata', 'status', 'tags', 'title']);
    });

    it('refuses a variant of another product (404) and changes nothing; a SKU taken by another variant is a 422', async () => {
      const a = await createProduct(t.dataSource.manager, { variants: [{ sku: 'A-SKU' }] });
      const b = await createProduct(t.dataSource.manager, { variants: [{ sku: 'B-SKU' }] });
      const bVariant = (await admin.get(`/admin/products/${b.id}`).expect(200)).body.product.variants[0];
      const foreign = await admin
        .post(`/admin/products/${a.id}`)
        .send({ title: 'Changed', variants: [{ id: bVariant.id }] })
        .expect(404);
      expect(foreign.body).toEqual({ type: 'not_found', message: `Variants with id: ${bVariant.id} are not associated with this product` });
      expect((await admin.get(`/admin/products/${a.id}`).expect(200)).body.product.title).not.toBe('Changed');
      const aVariant = (await admin.get(`/admin/products/${a.id}`).expect(200)).body.product.variants[0];
      const sku = await admin
        .post(`/admin/products/${a.id}`)
        .send({ variants: [{ id: aVariant.id, sku: 'B-SKU' }] })
        .expect(422);
      expect(sku.body).toMatchObject({ type: 'duplicate_error', message: 'Product_variant with sku B-SKU already exists.' });
      await admin.post('/admin/products/prod_nope').send({ title: 'x' }).expect(404);
      await admin.post(`/admin/products/${a.id}`).send({ status: null }).expect(400);
      await admin.post(`/admin/products/${a.id}`).send({ is_giftcard: true }).expect(400);
    });

    it('sales_channels: [] removes every channel', async () => {
      const p = (await admin.post('/admin/products').send({ title: 'Channels' }).expect(200)).body.product;
      expect(p.sales_channels.map((c: { id: string }) => c.id)).toEqual(['sc_default']);
      const res = await admin.post(`/admin/products/${p.id}`).send({ sales_channels: [] }).expect(200);
      expect(res.body.product.sales_channels).toEqual([]);
    });
  });

  describe('options', () => {
    it('adds an option with "Default Value" on every variant, refuses a duplicate title, renames, deletes', async () => {
      const p = await createProduct(t.dataSource.manager, { variants: [{ option_value: 'S' }, { option_value: 'M' }] });
      const added = await admin.post(`/admin/products/${p.id}/options`).send({ title: 'Color' }).expect(200);
      const color = added.body.product.options.find((o: { title: string }) => o.title === 'Color');
      for (const v of added.body.product.variants as Variant[]) expect(v.options.find((o) => o.option_id === color.id)?.value).toBe('Default Value');
      const dup = await admin.post(`/admin/products/${p.id}/options`).send({ title: 'Color' }).expect(422);
      expect(dup.body).toMatchObject({ type: 'duplicate_error', message: 'An option with the title: Color already exists' });
      const clash = await admin.post(`/admin/products/${p.id}/options/${color.id}`).send({ title: 'size' }).expect(404);
      expect(clash.body.message).toBe('An option with title size already exists');
      await admin.post(`/admin/products/${p.id}/options/opt_nope`).send({ title: 'Other' }).expect(404);
      await admin.post(`/admin/products/${p.id}/options/${color.id}`).send({ title: 'Colour' }).expect(200);
      // Size has two values among the variants: deleting it would leave identical variants.
      const size = added.body.product.options.find((o: { title: string }) => o.title === 'Size');
      const refused = await admin.delete(`/admin/products/${p.id}/options/${size.id}`).expect(400);
      expect(refused.body.message).toBe(
        'To delete an option, first delete all variants, such that when an option is deleted, no duplicate variants will exist.',
      );
      const deleted = await admin.delete(`/admin/products/${p.id}/options/${color.id}`).expect(200);
      expect(deleted.body).toMatchObject({ option_id: color.id, object: 'option', deleted: true });
      expect(deleted.body.product.options.map((o: { title: string }) => o.title)).toEqual(['Size']);
      await admin.delete(`/admin/products/${p.id}/options/opt_nope`).expect(200);
    });
  });

  describe('variants under a product', () => {
    it('adds a variant (rank = live variants), refusing a wrong option count or an existing combination', async () => {
      const p = await createProduct(t.dataSource.manager, { variants: [{ option_value: 'S' }] });
      const product = (await admin.get(`/admin/products/${p.id}`).expect(200)).body.product;
      const size = product.options[0];
      const wrong = await admin.post(`/admin/products/${p.id}/variants`).send({ title: 'L', prices: [] }).expect(400);
      expect(wrong.body.message).toBe('Product options length does not match variant options length. Product has 1 and variant has 0.');
      const same = await admin
        .post(`/admin/products/${p.id}/variants`)
        .send({ title: 'S again', prices: [], options: [{ option_id: size.id, value: 'S' }] })
        .expect(400);
      expect(same.body).toEqual({ type: 'invalid_data', message: `Variant with title ${product.variants[0].title} with provided options already exists` });
      const missingProduct = await admin.post('/admin/products/prod_nope/variants').send({ title: 'x', prices: [] }).expect(400);
      expect(missingProduct.body.message).toBe('Product id missing');
      const res = await admin
        .post(`/admin/products/${p.id}/variants`)
        .send({ title: 'L', prices: [{ currency_code: 'eur', amount: 2000 }], options: [{ option_id: size.id, value: 'L' }] })
        .expect(200);
      const large = (res.body.product.variants as Variant[]).find((v) => v.title === 'L')!;
      expect([large.variant_rank, large.inventory_quantity, large.prices.map((p) => p.amount)]).toEqual([1, 0, [2000]]);
    });

    it('updates a variant: changed columns, option values and base prices by Medusa write rules', async () => {
      const p = await createProduct(t.dataSource.manager, { variants: [{ option_value: 'S' }] });
      const product = (await admin.get(`/admin/products/${p.id}`).expect(200)).body.product;
      const variant = product.variants[0] as Variant;
      // Two currencies: every base row is re-created; a region price joins.
      const res = await admin
        .post(`/admin/products/${p.id}/variants/${variant.id}`)
        .send({
          inventory_quantity: 42,
          options: [{ option_id: product.options[0].id, value: 'XS' }],
          prices: [
            { currency_code: 'eur', amount: 1111 },
            { currency_code: 'usd', amount: 2222 },
            { region_id: region.id, amount: 999 },
          ],
        })
        .expect(200);
      const after = res.body.product.variants[0] as Variant;
      expect(after.inventory_quantity).toBe(42);
      expect(after.options[0].value).toBe('XS');
      expect(after.prices.map((pr) => [pr.currency_code, pr.region_id, pr.amount]).sort()).toEqual([
        ['eur', null, 1111],
        ['eur', region.id, 999],
        ['usd', null, 2222],
      ]);
      expect(after.prices.map((pr) => pr.id)).not.toEqual(expect.arrayContaining(variant.prices.map((pr) => pr.id)));
      // Region-only entries keep the currency rows.
      const regionOnly = await admin
        .post(`/admin/products/${p.id}/variants/${variant.id}`)
        .send({ prices: [{ region_id: region.id, amount: 950 }] })
        .expect(200);
      expect((regionOnly.body.product.variants[0] as Variant).prices.map((pr) => pr.amount).sort()).toEqual([1111, 2222, 950].sort());
      const [updated] = (await eventsOf(variant.id)).filter((e) => e.name === 'product-variant.updated');
      expect(updated.data).toMatchObject({
        id: variant.id,
        product_id: p.id,
        fields: expect.arrayContaining(['inventory_quantity', 'options', 'prices', 'product_id']),
      });
      await admin.post(`/admin/products/${p.id}/variants/variant_nope`).send({ title: 'x' }).expect(404);
      const unknownCurrency = await admin
        .post(`/admin/products/${p.id}/variants/${variant.id}`)
        .send({ prices: [{ currency_code: 'zzz', amount: 1 }] })
        .expect(404);
      expect(unknownCurrency.body.message).toBe('Currency with currency_code zzz does not exist.');
      const badOption = await admin
        .post(`/admin/products/${p.id}/variants/${variant.id}`)
        .send({ options: [{ option_id: 'opt_nope', value: 'x' }] })
        .expect(404);
      expect(badOption.body.message).toBe('Product option value not found');
    });

    it('deletes a variant (soft, with its prices), unknown ids are a no-op', async () => {
      const p = await createProduct(t.dataSource.manager, { variants: [{ option_value: 'S' }, { option_value: 'M' }] });
      const product = (await admin.get(`/admin/products/${p.id}`).expect(200)).body.product;
      const res = await admin.delete(`/admin/products/${p.id}/variants/${product.variants[0].id}`).expect(200);
      expect(res.body).toMatchObject({ variant_id: product.variants[0].id, object: 'product-variant', deleted: true });
      expect(res.body.product.variants.map((v: Variant) => v.id)).toEqual([product.variants[1].id]);
      const [{ live }] = await t.dataSource.query(`SELECT count(*)::int AS live FROM money_amount WHERE variant_id = $1 AND deleted_at IS NULL`, [
        product.variants[0].id,
      ]);
      expect(live).toBe(0);
      expect((await eventsOf(product.variants[0].id)).map((e) => e.name)).toEqual(['product-variant.deleted']);
      await admin.delete(`/admin/products/${p.id}/variants/variant_nope`).expect(200);
    });
  });

  describe('DELETE /admin/products/:id', () => {
    it('soft-deletes the product and its variants; unknown ids answer 200', async () => {
      const p = await createProduct(t.dataSource.manager);
      const res = await admin.delete(`/admin/products/${p.id}`).expect(200);
      expect(res.body).toEqual({ id: p.id, object: 'product', deleted: true });
      await admin.get(`/admin/products/${p.id}`).expect(404);
      await t.http().get(`/store/products/${p.id}`).expect(404);
      const [{ variants }] = await t.dataSource.query(`SELECT count(*)::int AS variants FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL`, [
        p.id,
      ]);
      expect(variants).toBe(0);
      expect((await eventsOf(p.id)).map((e) => e.name)).toEqual(['product.deleted']);
      await admin.delete('/admin/products/prod_nope').expect(200);
    });
  });

  describe('GET /admin/products/types and /tag-usage', () => {
    it('lists every type, and the most used tags with their count as a string', async () => {
      await admin
        .post('/admin/products')
        .send({ title: 'Usage 1', handle: 'usage-1', tags: [{ value: 'popular' }, { value: 'rare' }], type: { value: 'mugs' } })
        .expect(200);
      await admin
        .post('/admin/products')
        .send({ title: 'Usage 2', handle: 'usage-2', tags: [{ value: 'popular' }] })
        .expect(200);
      const types = await admin.get('/admin/products/types').expect(200);
      expect(types.body.types.map((x: { value: string }) => x.value)).toEqual(expect.arrayContaining(['mugs', 'shirts']));
      const usage = await admin.get('/admin/products/tag-usage').expect(200);
      const popular = usage.body.tags.find((x: { value: string }) => x.value === 'popular');
      expect(popular).toEqual({ id: expect.any(String), usage_count: '2', value: 'popular' });
      expect(usage.body.tags.length).toBeLessThanOrEqual(10);
    });
  });

  describe('the store caches follow the writes', () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await startTestApp(t.databaseUrl);
    });
    afterAll(() => b.close());

    const storeTitles = async (app: TestApp) =>
      ((await app.http().get('/store/products?limit=1000').expect(200)).body.products as Array<{ title: string }>).map((p) => p.title);
    const storePrice = async (app: TestApp, id: string) =>
      (await app.http().get(`/store/products/${id}?currency_code=eur`).expect(200)).body.product.variants[0].calculated_price as number;

    it('a create, a price change and a delete through one instance show in the next store read of both', async () => {
      for (const app of [t, b]) await eventually(() => app.app.get(TableChangeNotices).listening, Boolean, 'the listener');
      const auth = bearer(admin.credentials.apiToken);
      for (const app of [t, b]) await storeTitles(app); // cache the list
      const created = await t
        .http()
        .post('/admin/products')
        .set(auth)
        .send({ title: 'Cached Tee', status: 'published', variants: [{ title: 'One', prices: [{ currency_code: 'eur', amount: 700 }] }] })
        .expect(200);
      const id = created.body.product.id;
      expect(await storeTitles(t)).toContain('Cached Tee');
      await eventually(
        () => storeTitles(b),
        (titles) => titles.includes('Cached Tee'),
        'instance b to list the new product',
      );
      expect(await storePrice(b, id)).toBe(700);
      const variantId = created.body.product.variants[0].id;
      await t
        .http()
        .post(`/admin/products/${id}/variants/${variantId}`)
        .set(auth)
        .send({ prices: [{ currency_code: 'eur', amount: 650 }] })
        .expect(200);
      expect(await storePrice(t, id)).toBe(650);
      await eventually(
        () => storePrice(b, id),
        (price) => price === 650,
        'instance b to see the new price',
      );
      await t.http().delete(`/admin/products/${id}`).set(auth).expect(200);
      expect(await storeTitles(t)).not.toContain('Cached Tee');
      await eventually(
        () => storeTitles(b),
        (titles) => !titles.includes('Cached Tee'),
        'instance b to drop the deleted product',
      );
    });

    it("a channel's products batch and a key's channels, written through one instance, show in the other's next scoped read", async () => {
      for (const app of [t, b]) await eventually(() => app.app.get(TableChangeNotices).listening, Boolean, 'the listener');
      const auth = bearer(admin.credentials.apiToken);
      const product = await createProduct(t.dataSource.manager, { title: 'Scoped Tee' });
      await createProduct(t.dataSource.manager, { title: 'Unscoped Tee' });
      const channel = (await t.http().post('/admin/sales-channels').set(auth).send({ name: 'Pop-up' }).expect(200)).body.sales_channel.id;
      const key = (await t.http().post('/admin/publishable-api-keys').set(auth).send({ title: 'Pop-up' }).expect(200)).body.publishable_api_key.id;
      const inChannel = async (app: TestApp) =>
        ((await app.http().get(`/store/products?sales_channel_id[]=${channel}`).expect(200)).body.products as Array<{ id: string }>).map((p) => p.id);
      const scoped = async (app: TestApp) =>
        ((await app.http().get('/store/products?limit=1000').set('x-publishable-api-key', key).expect(200)).body.products as Array<{ id: string }>).length;
      expect(await inChannel(b)).toEqual([]);
      const everything = await scoped(b); // a key without channels does not restrict
      expect(everything).toBeGreaterThan(1);
      await t
        .http()
        .post(`/admin/sales-channels/${channel}/products/batch`)
        .set(auth)
        .send({ product_ids: [{ id: product.id }] })
        .expect(200);
      await eventually(
        () => inChannel(b),
        (ids) => ids.includes(product.id),
        'instance b to list the product in its new channel',
      );
      await t
        .http()
        .post(`/admin/publishable-api-keys/${key}/sales-channels/batch`)
        .set(auth)
        .send({ sales_channel_ids: [{ id: channel }] })
        .expect(200);
      await eventually(
        () => scoped(b),
        (n) => n === 1,
        'instance b to scope the key to its channel',
      );
    });
  });
});

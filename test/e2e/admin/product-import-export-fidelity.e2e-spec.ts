import { parse } from 'csv-parse/sync';
import { createProductCategory } from '../../factories/product-category.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { downloadFile, FAST_QUEUE_ENV, runJob, uploadCsv } from '../../helpers/batch-jobs';

jest.setTimeout(60_000);

/**
 * Product import and export as Medusa v1.20 does them, ported from its integration tests
 * (integration-tests/api/__tests__/batch-jobs/product/import.js and ff-product-category.js):
 * result.operations under Medusa's OperationType names, the thumbnail taken from the first
 * image, and the "Product Category N Handle/Name/Description" columns both ways.
 */
describe('Product import and export: Medusa fidelity', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp(FAST_QUEUE_ENV);
    admin = await adminAgent(t);
    await createRegion(t.dataSource.manager, { name: 'ImportLand', currency_code: 'eur' });
  });
  afterAll(() => t.close());

  const csv = (header: string[], rows: Array<Record<string, string>>) =>
    [header.join(','), ...rows.map((r) => header.map((h) => r[h] ?? '').join(','))].join('\n') + '\n';
  const importFile = async (text: string) => runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, text) } });
  const productByHandle = async (handle: string) =>
    (await t.dataSource.query(`SELECT id, title, thumbnail FROM product WHERE handle = $1 AND deleted_at IS NULL`, [handle]))[0];
  const categoryHandlesOf = async (productId: string) =>
    (
      (await t.dataSource.query(
        `SELECT pc.handle FROM product_category_product pcp JOIN product_category pc ON pc.id = pcp.product_category_id
          WHERE pcp.product_id = $1 ORDER BY pc.handle`,
        [productId],
      )) as Array<{ handle: string }>
    ).map((r) => r.handle);

  const HEADER = [
    'Product Id',
    'Product Handle',
    'Product Title',
    'Product Status',
    'Product Thumbnail',
    'Variant Id',
    'Variant Title',
    'Variant SKU',
    'Variant Inventory Quantity',
    'Price ImportLand [EUR]',
    'Price USD',
    'Option 1 Name',
    'Option 1 Value',
    'Image 1 Url',
  ];

  it('imports new and existing products as Medusa: operations by OperationType, thumbnail from the first image', async () => {
    const existing = await createProduct(t.dataSource.manager, {
      title: 'Existing',
      handle: 'fidelity-existing',
      thumbnail: null,
      variants: [{ title: 'Initial', sku: 'FID-4' }],
    });
    const existingVariant = existing.variants![0];
    const text = csv(HEADER, [
      {
        'Product Handle': 'fidelity-new-1',
        'Product Title': 'Test product',
        'Product Status': 'draft',
        'Variant Title': 'Test variant',
        'Variant SKU': 'FID-1',
        'Variant Inventory Quantity': '10',
        'Price ImportLand [EUR]': '1.00',
        'Price USD': '1.10',
        'Option 1 Name': 'Size',
        'Option 1 Value': 'S',
        'Image 1 Url': 'test-image.png',
      },
      {
        'Product Handle': 'fidelity-new-2',
        'Product Title': 'Test product',
        'Product Thumbnail': 'own-thumb.png',
        'Variant SKU': 'FID-2',
        'Image 1 Url': 'test-image.png',
      },
      {
        'Product Id': existing.id,
        'Product Handle': 'fidelity-existing',
        'Product Title': 'Existing',
        'Variant SKU': 'FID-3',
        'Image 1 Url': 'test-image.png',
      },
      {
        'Product Id': existing.id,
        'Product Handle': 'fidelity-existing',
        'Variant Id': existingVariant.id,
        'Variant Title': 'Changed',
        'Variant SKU': 'FID-4',
      },
    ]);
    const job = await importFile(text);
    expect(job.status).toBe('completed');
    expect(job.result.operations).toEqual({ PRODUCT_CREATE: 2, VARIANT_CREATE: 3, PRODUCT_UPDATE: 1, VARIANT_UPDATE: 1 });
    expect(job.result.stat_descriptors[0].message).toBe('There will be 2 products created (1 updated). 3 variants will be created and 1 updated');

    expect(await productByHandle('fidelity-new-1')).toMatchObject({ title: 'Test product', thumbnail: 'test-image.png' });
    expect(await productByHandle('fidelity-new-2')).toMatchObject({ thumbnail: 'own-thumb.png' });
    // Medusa's update: no thumbnail before nor in the file, images given -> the first image.
    expect(await productByHandle('fidelity-existing')).toMatchObject({ id: existing.id, thumbnail: 'test-image.png' });
    const variants: Array<{ id: string; title: string; sku: string }> = await t.dataSource.query(
      `SELECT id, title, sku FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL ORDER BY sku`,
      [existing.id],
    );
    expect(variants.map((v) => v.sku)).toEqual(['FID-3', 'FID-4']);
    expect(variants[1]).toMatchObject({ id: existingVariant.id, title: 'Changed' });
  });

  it('dry run reports the same operations before anything is written', async () => {
    const text = csv(HEADER, [{ 'Product Handle': 'fidelity-dry', 'Product Title': 'Dry', 'Variant SKU': 'FID-DRY' }]);
    const job = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, text) }, dry_run: true }, ['pre_processed', 'failed']);
    expect(job.status).toBe('pre_processed');
    expect(job.result.operations).toEqual({ PRODUCT_CREATE: 1, VARIANT_CREATE: 1, PRODUCT_UPDATE: 0, VARIANT_UPDATE: 0 });
    expect(await productByHandle('fidelity-dry')).toBeUndefined();
  });

  describe('product categories', () => {
    it('imports "Product Category N Handle" as the product categories (Medusa: "Import products with an existing product category")', async () => {
      const m = t.dataSource.manager;
      await createProductCategory(m, { name: 'category', handle: 'import-category-1' });
      await createProductCategory(m, { name: 'second', handle: 'import-category-2' });
      const header = [...HEADER, 'Product Category 1 Handle', 'Product Category 2 Handle'];
      const job = await importFile(
        csv(header, [
          {
            'Product Handle': 'test-product-product-1',
            'Product Title': 'Test product',
            'Variant SKU': 'FID-CAT-1',
            'Product Category 1 Handle': 'import-category-1',
          },
          {
            'Product Handle': 'fidelity-two-categories',
            'Product Title': 'Two',
            'Variant SKU': 'FID-CAT-2',
            'Product Category 1 Handle': 'import-category-2',
            'Product Category 2 Handle': 'import-category-1',
          },
        ]),
      );
      expect(job.status).toBe('completed');
      const one = await productByHandle('test-product-product-1');
      expect(await categoryHandlesOf(one.id)).toEqual(['import-category-1']);
      const two = await productByHandle('fidelity-two-categories');
      expect(await categoryHandlesOf(two.id)).toEqual(['import-category-1', 'import-category-2']);

      // Re-imported with the category columns: the product's categories become the ones given (none: none).
      const again = await importFile(
        csv(header, [{ 'Product Id': two.id, 'Product Handle': 'fidelity-two-categories', 'Product Category 1 Handle': 'import-category-1' }]),
      );
      expect(again.status).toBe('completed');
      expect(await categoryHandlesOf(two.id)).toEqual(['import-category-1']);
      await importFile(csv(header, [{ 'Product Id': two.id, 'Product Handle': 'fidelity-two-categories' }]));
      expect(await categoryHandlesOf(two.id)).toEqual([]);
      // Without category columns, categories are left as they are.
      await importFile(csv(HEADER, [{ 'Product Id': one.id, 'Product Handle': 'test-product-product-1', 'Product Title': 'Renamed' }]));
      expect(await categoryHandlesOf(one.id)).toEqual(['import-category-1']);
    });

    it('fails the job on an unknown category handle, naming the row, and imports nothing', async () => {
      const header = [...HEADER, 'Product Category 1 Handle'];
      const job = await importFile(
        csv(header, [{ 'Product Handle': 'fidelity-bad-category', 'Product Title': 'Bad', 'Product Category 1 Handle': 'no-such-category' }]),
      );
      expect(job.status).toBe('failed');
      expect(job.result.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            message: expect.stringContaining('ProductCategory with handle: no-such-category was not found'),
            row: 1,
            column: 'Product Category',
          }),
        ]),
      );
      expect(await productByHandle('fidelity-bad-category')).toBeUndefined();
    });

    it('exports each product’s categories as Product Category N Handle/Name/Description, and the file imports back', async () => {
      const m = t.dataSource.manager;
      const tops = await createProductCategory(m, { name: 'Tops', handle: 'export-tops', description: 'Upper half' });
      const sale = await createProductCategory(m, { name: 'Sale', handle: 'export-sale', description: '' });
      const product = await createProduct(m, { title: 'Exported with categories', handle: 'fidelity-export-cats', variants: [{ sku: 'FID-EXP-1' }] });
      const plain = await createProduct(m, { title: 'Exported without', handle: 'fidelity-export-plain', variants: [{ sku: 'FID-EXP-2' }] });
      await admin
        .post(`/admin/product-categories/${tops.id}/products/batch`)
        .send({ product_ids: [{ id: product.id }, { id: plain.id }] })
        .expect(200);
      await admin
        .post(`/admin/product-categories/${sale.id}/products/batch`)
        .send({ product_ids: [{ id: product.id }] })
        .expect(200);

      const job = await runJob(admin, { type: 'product-export', context: { filterable_fields: { id: [product.id, plain.id] } } });
      expect(job.status).toBe('completed');
      expect(job.context.shape).toMatchObject({ dynamicProductCategoriesColumnCount: 2 });
      const text = await downloadFile(admin, t.http, job.result.file_key);
      const [header, ...rows] = parse(text, { delimiter: ';', relax_quotes: true }) as string[][];
      expect(header.slice(-6)).toEqual([
        'Product Category 1 Handle',
        'Product Category 1 Name',
        'Product Category 1 Description',
        'Product Category 2 Handle',
        'Product Category 2 Name',
        'Product Category 2 Description',
      ]);
      const rowOf = (id: string) => rows.find((r) => r[0] === id)!;
      expect(rowOf(product.id).slice(-6)).toEqual(['export-sale', 'Sale', '', 'export-tops', 'Tops', 'Upper half']);
      expect(rowOf(plain.id).slice(-6)).toEqual(['export-tops', 'Tops', 'Upper half', '', '', '']);

      // The exported file imports back unchanged, categories included.
      await t.dataSource.query(`DELETE FROM product_category_product WHERE product_id = ANY($1)`, [[product.id, plain.id]]);
      const back = await importFile(text);
      expect(back.status).toBe('completed');
      expect(back.result.operations).toEqual({ PRODUCT_CREATE: 0, VARIANT_CREATE: 0, PRODUCT_UPDATE: 2, VARIANT_UPDATE: 2 });
      expect(await categoryHandlesOf(product.id)).toEqual(['export-sale', 'export-tops']);
      expect(await categoryHandlesOf(plain.id)).toEqual(['export-tops']);
    });
  });
});

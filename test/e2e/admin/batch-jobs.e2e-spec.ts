import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { generateEntityId } from '../../../src/common/database/ids';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createRichProduct } from '../../factories/catalog.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { QueueService } from '../../../src/modules/queue/queue.service';
import { createTestApp, createTestDatabase, dropTestDatabase, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { csvLines, downloadFile, FAST_QUEUE_ENV, hasStatus, runJob, spawnWorker, uploadCsv, waitForJob, waitForLockWaiter } from '../../helpers/batch-jobs';
import { databaseUrl } from '../../helpers/db-urls';

jest.setTimeout(60_000);

type Agent = Awaited<ReturnType<typeof adminAgent>>;

const STATIC_HEADER =
  'Product Id;Product Handle;Product Title;Product Subtitle;Product Description;Product Status;Product Thumbnail;Product Weight;Product Length;Product Width;Product Height;Product HS Code;Product Origin Country;Product MID Code;Product Material;Product Collection Title;Product Collection Handle;Product Type;Product Tags;Product Discountable;Product External Id;Product Profile Name;Product Profile Type;Variant Id;Variant Title;Variant SKU;Variant Barcode;Variant Inventory Quantity;Variant Allow Backorder;Variant Manage Inventory;Variant Weight;Variant Length;Variant Width;Variant Height;Variant HS Code;Variant Origin Country;Variant MID Code;Variant Material';

/** A small import file: one line per variant, like an export. */
function importCsv(rows: Array<Record<string, string>>, columns: string[]): string {
  return [columns.join(';'), ...rows.map((r) => columns.map((c) => r[c] ?? '').join(';'))].join('\r\n') + '\r\n';
}

async function productCount(t: TestApp, where = 'TRUE'): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT count(*)::int AS n FROM product WHERE deleted_at IS NULL AND ${where}`);
  return row.n;
}

/** Holds a row lock on a product from a separate connection, so the import batch updating it waits. */
async function lockProductRow(t: TestApp, productId: string): Promise<Client> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM product WHERE id = $1 FOR UPDATE', [productId]);
  return client;
}

describe('Admin batch jobs (/admin/batch-jobs)', () => {
  let t: TestApp;
  let admin: Agent;
  let other: Agent;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp({ ...FAST_QUEUE_ENV, BATCH_JOB_IMPORT_BATCH_ROWS: '1', BATCH_JOB_EXPORT_PAGE_SIZE: '2' });
    admin = await adminAgent(t);
    other = await adminAgent(t);
    regionId = (await createRegion(t.dataSource.manager, { name: 'Europe', currency_code: 'eur' })).id;
  });
  afterAll(() => t.close());

  describe('POST /admin/batch-jobs', () => {
    it('creates a job for the caller: 201, status created, dry_run false by default, context prepared by the type', async () => {
      const res = await admin
        .post('/admin/batch-jobs')
        .send({ type: 'product-export', context: { filterable_fields: { status: ['published'] } } })
        .expect(201);
      const job = res.body.batch_job;
      expect(job).toMatchObject({ type: 'product-export', created_by: admin.credentials.user.id, dry_run: false, status: 'created', result: null });
      expect(job.id).toMatch(/^batch_[0-9A-Z]{26}$/);
      expect(job.context.filterable_fields).toEqual({ status: ['published'] });
      expect(job.context.list_config).toMatchObject({ skip: 0, take: 2, order: { created_at: 'DESC' } });
      expect(job).not.toHaveProperty('checkpoint');
      await waitForJob(admin, job.id, hasStatus('completed'));
    });

    it('validates the body', async () => {
      const missing = await admin.post('/admin/batch-jobs').send({}).expect(400);
      expect(missing.body.type).toBe('invalid_data');
      expect(missing.body.message).toContain('type must be a string');
      expect(missing.body.message).toContain('context must be an object');
      const bad = await admin.post('/admin/batch-jobs').send({ type: 'product-export', context: 'x', dry_run: 'yes', extra: 1 }).expect(400);
      expect(bad.body.message).toContain('context must be an object');
      expect(bad.body.message).toContain('dry_run must be a boolean value');
      expect(bad.body.message).toContain('property extra should not exist');
    });

    it('answers an unknown type with 404, as Medusa', async () => {
      const res = await admin.post('/admin/batch-jobs').send({ type: 'price-list-import', context: {} }).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Unable to find a BatchJob strategy with the type price-list-import' });
    });

    it('validates the context through the type', async () => {
      const exportRes = await admin
        .post('/admin/batch-jobs')
        .send({ type: 'product-export', context: { filterable_fields: { status: ['bogus'] }, limit: 0 } })
        .expect(400);
      expect(exportRes.body.message).toContain('context.filterable_fields.status');
      expect(exportRes.body.message).toContain('context.limit must not be less than 1');
      const noFile = await admin.post('/admin/batch-jobs').send({ type: 'product-import', context: {} }).expect(400);
      expect(noFile.body.message).toContain('context.fileKey must be a string');
      const unknownFile = await admin
        .post('/admin/batch-jobs')
        .send({ type: 'product-import', context: { fileKey: 'nope.csv' } })
        .expect(404);
      expect(unknownFile.body).toEqual({ type: 'not_found', message: 'File with key nope.csv was not found' });
    });

    it('requires an authenticated admin', async () => {
      await t.http().post('/admin/batch-jobs').send({ type: 'product-export', context: {} }).expect(401);
      await t.http().get('/admin/batch-jobs').expect(401);
    });
  });

  describe('lifecycle', () => {
    it('without dry_run: pre-processes, confirms and processes by itself', async () => {
      const job = await runJob(admin, { type: 'product-export', context: {} });
      expect(job.status).toBe('completed');
      const times = ['pre_processed_at', 'confirmed_at', 'processing_at', 'completed_at'].map((k) => Date.parse(job[k]));
      expect(times.every((x) => !Number.isNaN(x))).toBe(true);
      expect([...times].sort()).toEqual(times);
      expect(job.canceled_at).toBeNull();
      expect(job.failed_at).toBeNull();
    });

    it('with dry_run: waits at pre_processed, showing what it would do, until confirmed', async () => {
      await createProduct(t.dataSource.manager, { title: 'Dry run product' });
      const created = await admin.post('/admin/batch-jobs').send({ type: 'product-export', context: {}, dry_run: true }).expect(201);
      const pre = await waitForJob(admin, created.body.batch_job.id, hasStatus('pre_processed'));
      expect(pre.confirmed_at).toBeNull();
      expect(pre.result.stat_descriptors).toEqual([
        { key: 'product-export-count', name: 'Product count to export', message: `There will be ${pre.result.count} products exported by this action` },
      ]);
      expect(pre.result.count).toBeGreaterThan(0);
      expect(pre.result.file_key).toBeUndefined();

      const confirmed = await admin.post(`/admin/batch-jobs/${pre.id}/confirm`).expect(200);
      expect(confirmed.body.batch_job.confirmed_at).not.toBeNull();
      expect(['confirmed', 'processing', 'completed']).toContain(confirmed.body.batch_job.status);
      const done = await waitForJob(admin, pre.id, hasStatus('completed'));
      expect(done.result.file_key).toMatch(/^exports\/products\/product-export-\d+-[0-9a-z]+\.csv$/);
    });

    it('refuses to confirm a job that is not pre_processed: twice, or once canceled', async () => {
      const job = await runJob(admin, { type: 'product-export', context: {}, dry_run: true }, ['pre_processed']);
      await admin.post(`/admin/batch-jobs/${job.id}/confirm`).expect(200);
      const twice = await admin.post(`/admin/batch-jobs/${job.id}/confirm`).expect(400);
      expect(twice.body).toEqual({ type: 'not_allowed', message: 'Cannot confirm processing for a batch job that is not pre processed' });

      const canceled = await runJob(admin, { type: 'product-export', context: {}, dry_run: true }, ['pre_processed']);
      await admin.post(`/admin/batch-jobs/${canceled.id}/cancel`).expect(200);
      const afterCancel = await admin.post(`/admin/batch-jobs/${canceled.id}/confirm`).expect(400);
      expect(afterCancel.body.type).toBe('not_allowed');
    });

    it('cancels a job waiting for confirmation; canceling again changes nothing', async () => {
      const job = await runJob(admin, { type: 'product-export', context: {}, dry_run: true }, ['pre_processed']);
      const first = await admin.post(`/admin/batch-jobs/${job.id}/cancel`).expect(200);
      expect(first.body.batch_job).toMatchObject({ id: job.id, status: 'canceled' });
      expect(first.body.batch_job.canceled_at).not.toBeNull();
      const again = await admin.post(`/admin/batch-jobs/${job.id}/cancel`).expect(200);
      expect(again.body.batch_job.canceled_at).toBe(first.body.batch_job.canceled_at);
      expect((await admin.get(`/admin/batch-jobs/${job.id}`).expect(200)).body.batch_job.status).toBe('canceled');
    });

    it('refuses to cancel a completed or a failed job', async () => {
      const completed = await runJob(admin, { type: 'product-export', context: {} });
      const res = await admin.post(`/admin/batch-jobs/${completed.id}/cancel`).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: 'Cannot cancel completed batch job' });

      const failed = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, 'Product Title\r\nNo handle\r\n') } });
      expect(failed.status).toBe('failed');
      const refused = await admin.post(`/admin/batch-jobs/${failed.id}/cancel`).expect(400);
      expect(refused.body).toEqual({ type: 'not_allowed', message: 'Cannot cancel failed batch job' });
    });

    it('answers 404 for an unknown job on get, confirm and cancel', async () => {
      const message = { type: 'not_found', message: 'Batch job with id batch_nope was not found' };
      expect((await admin.get('/admin/batch-jobs/batch_nope').expect(404)).body).toEqual(message);
      expect((await admin.post('/admin/batch-jobs/batch_nope/confirm').expect(404)).body).toEqual(message);
      expect((await admin.post('/admin/batch-jobs/batch_nope/cancel').expect(404)).body).toEqual(message);
    });

    it('keeps other users out: 400 not_allowed on get, confirm and cancel, and nothing changes', async () => {
      const job = await runJob(admin, { type: 'product-export', context: {}, dry_run: true }, ['pre_processed']);
      const denied = { type: 'not_allowed', message: 'Cannot access a batch job that does not belong to the logged in user' };
      expect((await other.get(`/admin/batch-jobs/${job.id}`).expect(400)).body).toEqual(denied);
      expect((await other.post(`/admin/batch-jobs/${job.id}/confirm`).expect(400)).body).toEqual(denied);
      expect((await other.post(`/admin/batch-jobs/${job.id}/cancel`).expect(400)).body).toEqual(denied);
      expect((await admin.get(`/admin/batch-jobs/${job.id}`).expect(200)).body.batch_job.status).toBe('pre_processed');
    });
  });

  describe('GET /admin/batch-jobs', () => {
    let mine: string[];
    let lister: Agent;

    beforeAll(async () => {
      // A user of its own, so the counts below are exactly this user's jobs.
      lister = await adminAgent(t);
      const jobs = [];
      for (let i = 0; i < 12; i++)
        jobs.push(await runJob(lister, { type: 'product-export', context: {}, dry_run: i % 2 === 0 }, ['pre_processed', 'completed']));
      jobs.push(await runJob(lister, { type: 'product-import', context: { fileKey: await uploadCsv(lister, 'Product Title\r\nx\r\n') } }));
      mine = jobs.map((j) => j.id);
    });

    it('lists only the caller’s jobs, newest first, 10 by default, each with its dry_run', async () => {
      const res = await lister.get('/admin/batch-jobs').expect(200);
      expect(res.body).toMatchObject({ count: 13, offset: 0, limit: 10 });
      expect(res.body.batch_jobs.map((j: { id: string }) => j.id)).toEqual([...mine].reverse().slice(0, 10));
      for (const job of res.body.batch_jobs) {
        expect(job.created_by).toBe(lister.credentials.user.id);
        expect(job).not.toHaveProperty('checkpoint');
        expect(job.status).toBeDefined();
      }
      // Medusa's dashboard meets `dry_run` on every listed job (Medusa's model defaults it); here it is the job's own.
      expect(res.body.batch_jobs.map((j: { dry_run: boolean }) => j.dry_run)).toEqual([false, false, true, false, true, false, true, false, true, false]);
      const single = await lister.get(`/admin/batch-jobs/${mine[0]}`).expect(200);
      expect(single.body.batch_job.dry_run).toBe(true);
    });

    it('pages with limit and offset and sorts with order', async () => {
      const page = await lister.get('/admin/batch-jobs?limit=5&offset=10&order=created_at').expect(200);
      expect(page.body).toMatchObject({ count: 13, offset: 10, limit: 5 });
      expect(page.body.batch_jobs.map((j: { id: string }) => j.id)).toEqual(mine.slice(10));
    });

    it('filters by id[], type[] and lifecycle dates (including "null")', async () => {
      const byId = await lister.get(`/admin/batch-jobs?id[]=${mine[0]}&id[]=${mine[1]}`).expect(200);
      expect(byId.body.batch_jobs.map((j: { id: string }) => j.id).sort()).toEqual([mine[0], mine[1]].sort());
      const imports = await lister.get('/admin/batch-jobs?type[]=product-import').expect(200);
      expect(imports.body.batch_jobs.map((j: { id: string }) => j.id)).toEqual([mine[12]]);
      const notCompleted = await lister.get('/admin/batch-jobs?completed_at=null&limit=50').expect(200);
      expect(notCompleted.body.count).toBe(7);
      expect(notCompleted.body.batch_jobs.every((j: { completed_at: unknown }) => j.completed_at === null)).toBe(true);
      const failed = await lister.get('/admin/batch-jobs?failed_at[gt]=2000-01-01').expect(200);
      expect(failed.body.batch_jobs.map((j: { id: string }) => j.id)).toEqual([mine[12]]);
      const future = await lister.get(`/admin/batch-jobs?created_at[gt]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`).expect(200);
      expect(future.body.count).toBe(0);
    });

    it('rejects unknown filters (status) and invalid dates', async () => {
      const status = await lister.get('/admin/batch-jobs?status=completed').expect(400);
      expect(status.body.message).toContain('property status should not exist');
      await lister.get('/admin/batch-jobs?created_at[gt]=not-a-date').expect(400);
    });

    it('expands created_by_user (without secrets) and trims to fields', async () => {
      const expanded = await lister.get(`/admin/batch-jobs/${mine[0]}?expand=created_by_user`).expect(200);
      expect(expanded.body.batch_job.created_by_user).toMatchObject({ id: lister.credentials.user.id, email: lister.credentials.email });
      expect(expanded.body.batch_job.created_by_user).not.toHaveProperty('password_hash');
      expect(expanded.body.batch_job.created_by_user).not.toHaveProperty('api_token');
      const trimmed = await lister.get('/admin/batch-jobs?fields=type,status&limit=1').expect(200);
      expect(Object.keys(trimmed.body.batch_jobs[0]).sort()).toEqual(['id', 'status', 'type']);
      await lister.get('/admin/batch-jobs?expand=nope').expect(400);
      await lister.get('/admin/batch-jobs?fields=checkpoint').expect(400);
    });
  });

  describe('product-export', () => {
    it('writes Medusa’s layout: one line per variant, prices per currency and region, options, images, channels', async () => {
      const rich = await createRichProduct(t.dataSource.manager, { regionId });
      const job = await runJob(admin, { type: 'product-export', context: { filterable_fields: { id: [rich.id] } } });
      expect(job.result).toMatchObject({ count: 1, advancement_count: 1, progress: 1 });
      const text = await downloadFile(admin, t.http, job.result.file_key);
      expect(job.result.file_size).toBe(Buffer.byteLength(text));
      const { header } = csvLines(text);
      expect(header).toBe(
        `${STATIC_HEADER};Price EUR;Price USD;Price Europe [EUR];Option 1 Name;Option 1 Value;Option 2 Name;Option 2 Value;Image 1 Url;Image 2 Url;Sales Channel 1 Id;Sales Channel 1 Name;Sales Channel 1 Description`,
      );
      const [headerCells, small, medium, ...rest] = parse(text, { delimiter: ';', relax_quotes: true }) as string[][];
      expect(headerCells.join(';')).toBe(header);
      expect(rest).toHaveLength(0);
      const variantS = rich.variants!.find((v) => v.variant_rank === 0)!;
      const cell = (row: string[], name: string) => row[header.split(';').indexOf(name)];
      expect(cell(small, 'Product Id')).toBe(rich.id);
      expect(cell(small, 'Variant Id')).toBe(variantS.id);
      expect(cell(small, 'Product Collection Handle')).toBe('summer');
      expect(cell(small, 'Product Type')).toBe('Shirts');
      expect(cell(small, 'Product Weight')).toBe('300');
      expect(cell(small, 'Product Profile Name')).toBe('Default Shipping Profile');
      expect(cell(small, 'Price EUR')).toBe('10.5');
      expect(cell(small, 'Price USD')).toBe('12');
      expect(cell(small, 'Price Europe [EUR]')).toBe('9.99');
      expect(cell(medium, 'Price USD')).toBe('');
      expect(cell(medium, 'Variant Allow Backorder')).toBe('true');
      expect(cell(small, 'Sales Channel 1 Id')).toBe('Default Sales Channel');
      // Quoted cells: the tag list holds a comma, the description a semicolon, quotes and a line feed.
      expect(text).toContain(';"cotton,summer";');
      expect(text).toContain(';"Soft; warm, ""cosy""\nand light";');
      const options = [cell(small, 'Option 1 Name'), cell(small, 'Option 2 Name')].sort();
      expect(options).toEqual(['Color', 'Size']);
    });

    it('exports only matching products, page by page, counting them in pre-processing', async () => {
      const products = [];
      for (let i = 0; i < 5; i++) products.push(await createProduct(t.dataSource.manager, { title: `Paged ${i}`, status: 'proposed', variants: [{}, {}] }));
      const job = await runJob(admin, { type: 'product-export', context: { filterable_fields: { status: ['proposed'] } } });
      expect(job.result.stat_descriptors[0].message).toBe('There will be 5 products exported by this action');
      const { lines } = csvLines(await downloadFile(admin, t.http, job.result.file_key));
      expect(lines).toHaveLength(10);
      expect(new Set(lines.map((l) => l.split(';')[0]))).toEqual(new Set(products.map((p) => p.id)));
      const limited = await runJob(admin, { type: 'product-export', context: { filterable_fields: { status: ['proposed'] }, batch_size: 3, order: 'title' } });
      const limitedLines = csvLines(await downloadFile(admin, t.http, limited.result.file_key)).lines;
      expect(limitedLines.map((l) => l.split(';')[2])).toEqual(['Paged 0', 'Paged 0', 'Paged 1', 'Paged 1', 'Paged 2', 'Paged 2']);
    });

    it('cancel while processing stops it and removes the partial file', async () => {
      for (let i = 0; i < 3; i++) await createProduct(t.dataSource.manager, { title: `Canceled export ${i}`, status: 'rejected' });
      const pre = await runJob(admin, { type: 'product-export', context: { filterable_fields: { status: ['rejected'] }, limit: 1 }, dry_run: true }, [
        'pre_processed',
      ]);
      // Block reading the catalog so the export is caught in the middle of a page.
      const blocker = new Client({ connectionString: t.databaseUrl });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE product IN ACCESS EXCLUSIVE MODE');
      let confirmedAt: string;
      try {
        confirmedAt = (await admin.post(`/admin/batch-jobs/${pre.id}/confirm`).expect(200)).body.batch_job.confirmed_at;
        await waitForLockWaiter(t.dataSource);
        const canceled = await admin.post(`/admin/batch-jobs/${pre.id}/cancel`).expect(200);
        expect(canceled.body.batch_job.status).toBe('canceled');
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
      }
      // The runner notices at its next commit, rolls that page back and cleans up (checkpoint dropped).
      const deadline = Date.now() + 15_000;
      while ((await t.dataSource.query(`SELECT checkpoint FROM batch_job WHERE id = $1`, [pre.id]))[0].checkpoint !== null) {
        if (Date.now() > deadline) throw new Error('the canceled export was not cleaned up');
        await new Promise((r) => setTimeout(r, 100));
      }
      const job = (await admin.get(`/admin/batch-jobs/${pre.id}`).expect(200)).body.batch_job;
      expect(job.result.file_key).toBeUndefined();
      expect(job.completed_at).toBeNull();
      const [files] = await t.dataSource.query(`SELECT count(*)::int AS n FROM stored_file WHERE key LIKE 'exports/%' AND created_at >= $1`, [confirmedAt]);
      expect(files.n).toBe(0);
      expect((await admin.get(`/admin/batch-jobs/${pre.id}`).expect(200)).body.batch_job.status).toBe('canceled');
    });
  });

  describe('product-import', () => {
    const COLUMNS = [
      'Product Id',
      'Product Handle',
      'Product Title',
      'Product Status',
      'Variant Id',
      'Variant Title',
      'Variant SKU',
      'Variant Inventory Quantity',
      'Price EUR',
      'Option 1 Name',
      'Option 1 Value',
    ];

    it('dry run: validates every row and reports what would happen, writing nothing', async () => {
      const existing = await createProduct(t.dataSource.manager, { title: 'Existing for dry run', variants: [{ sku: 'DRY-EXIST' }] });
      const csv = importCsv(
        [
          { 'Product Handle': existing.handle!, 'Product Title': 'Renamed', 'Variant SKU': 'DRY-EXIST', 'Price EUR': '1' },
          { 'Product Handle': existing.handle!, 'Product Title': 'Renamed', 'Variant SKU': 'DRY-NEW-1', 'Price EUR': '2' },
          { 'Product Handle': 'dry-new', 'Product Title': 'Dry new', 'Variant SKU': 'DRY-NEW-2', 'Price EUR': '3' },
        ],
        COLUMNS,
      );
      const before = await productCount(t);
      const key = await uploadCsv(admin, csv);
      const job = await runJob(admin, { type: 'product-import', context: { fileKey: key }, dry_run: true }, ['pre_processed', 'failed']);
      expect(job.status).toBe('pre_processed');
      expect(job.result).toMatchObject({
        count: 3,
        advancement_count: 0,
        operations: { PRODUCT_CREATE: 1, PRODUCT_UPDATE: 1, VARIANT_CREATE: 2, VARIANT_UPDATE: 1 },
        stat_descriptors: [
          {
            key: 'product-import-count',
            name: 'Products/variants to import',
            message: 'There will be 1 products created (1 updated). 2 variants will be created and 1 updated',
          },
        ],
      });
      expect(await productCount(t)).toBe(before);
      const [renamed] = await t.dataSource.query(`SELECT title FROM product WHERE id = $1`, [existing.id]);
      expect(renamed.title).toBe('Existing for dry run');

      await admin.post(`/admin/batch-jobs/${job.id}/confirm`).expect(200);
      const done = await waitForJob(admin, job.id, hasStatus('completed', 'failed'));
      expect(done).toMatchObject({ status: 'completed', result: { advancement_count: 3, progress: 1 } });
      expect(await productCount(t)).toBe(before + 1);
      const [after] = await t.dataSource.query(`SELECT title FROM product WHERE id = $1`, [existing.id]);
      expect(after.title).toBe('Renamed');
      const variants = await t.dataSource.query(`SELECT sku FROM product_variant WHERE product_id = $1 AND deleted_at IS NULL ORDER BY variant_rank`, [
        existing.id,
      ]);
      expect(variants.map((v: { sku: string }) => v.sku)).toEqual(['DRY-EXIST', 'DRY-NEW-1']);
      // Like Medusa, the imported file is removed once applied.
      expect((await admin.post('/admin/uploads/download-url').send({ file_key: key })).status).toBe(404);
    });

    it('fails a malformed file naming each bad row and column, and imports nothing', async () => {
      const csv = importCsv(
        [
          { 'Product Handle': 'bad-1', 'Product Title': 'Fine', 'Variant SKU': 'BAD-1', 'Variant Inventory Quantity': '2' },
          { 'Product Handle': 'bad-2', 'Product Title': 'Bad', 'Variant SKU': 'BAD-2', 'Variant Inventory Quantity': 'lots' },
          { 'Product Handle': 'bad-3', 'Product Title': 'Bad', 'Product Status': 'live', 'Variant SKU': 'BAD-3', 'Price EUR': 'ten' },
        ],
        COLUMNS,
      );
      const before = await productCount(t);
      const job = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, csv) } });
      expect(job.status).toBe('failed');
      expect(job.result.errors).toEqual([
        { message: 'The csv file has 3 invalid row(s); nothing was imported', code: 'invalid_data' },
        {
          message: 'Row 2 (line 3), column "Variant Inventory Quantity": "lots" is not an integer',
          code: 'invalid_data',
          row: 2,
          column: 'Variant Inventory Quantity',
        },
        {
          message: 'Row 3 (line 4), column "Product Status": "live" is not a product status (draft, proposed, published, rejected)',
          code: 'invalid_data',
          row: 3,
          column: 'Product Status',
        },
        { message: 'Row 3 (line 4), column "Price EUR": "ten" is not a valid amount in EUR', code: 'invalid_data', row: 3, column: 'Price EUR' },
      ]);
      expect(job.processing_at).toBeNull();
      expect(await productCount(t)).toBe(before);
    });

    it('fails a file it cannot read at all: Medusa’s messages for missing/unknown columns and unknown regions, CSV syntax with its line', async () => {
      const cases: Array<[string, string]> = [
        ['Product Title;Variant SKU\r\nx;y\r\n', 'The csv file parsing failed due to: Missing column(s) "Product Handle" from the given csv file'],
        [
          'Product Handle;Colour\r\nx;red\r\n',
          'The csv file parsing failed due to: Unable to treat column Colour from the csv file. No target column found in the provided schema',
        ],
        ['Product Handle;Price Atlantis [EUR]\r\nx;1\r\n', "Trying to set a price for a region Atlantis that doesn't exist"],
      ];
      for (const [csv, message] of cases) {
        const job = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, csv) } });
        expect(job.status).toBe('failed');
        expect(job.result.errors).toEqual([{ message, code: 'invalid_data' }]);
      }
      const broken = await runJob(admin, {
        type: 'product-import',
        context: { fileKey: await uploadCsv(admin, 'Product Handle;Product Title\r\nok;Fine\r\nbroken;"never closed\r\n') },
      });
      expect(broken.status).toBe('failed');
      expect(broken.result.errors[0].message).toMatch(/^The csv file parsing failed due to: Quote Not Closed: .* \(row 2\)$/);
    });

    it('cancel while processing stops at the next batch: committed batches stay, nothing after them is applied', async () => {
      const locked = await createProduct(t.dataSource.manager, { title: 'Locked during import' });
      const csv = importCsv(
        [
          { 'Product Handle': 'cancel-first', 'Product Title': 'First', 'Variant SKU': 'CANCEL-1' },
          { 'Product Id': locked.id, 'Product Handle': locked.handle!, 'Product Title': 'Changed', 'Variant Title': 'x', 'Variant SKU': 'CANCEL-2' },
          { 'Product Handle': 'cancel-third', 'Product Title': 'Third', 'Variant SKU': 'CANCEL-3' },
        ],
        COLUMNS,
      );
      const pre = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, csv) }, dry_run: true }, ['pre_processed']);
      const blocker = await lockProductRow(t, locked.id);
      try {
        await admin.post(`/admin/batch-jobs/${pre.id}/confirm`).expect(200);
        await waitForJob(admin, pre.id, (j) => j.result.advancement_count === 1);
        await waitForLockWaiter(t.dataSource);
        await admin.post(`/admin/batch-jobs/${pre.id}/cancel`).expect(200);
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
      }
      const deadline = Date.now() + 15_000;
      while ((await t.dataSource.query(`SELECT checkpoint FROM batch_job WHERE id = $1`, [pre.id]))[0].checkpoint !== null) {
        if (Date.now() > deadline) throw new Error('the canceled import did not stop');
        await new Promise((r) => setTimeout(r, 100));
      }
      const job = (await admin.get(`/admin/batch-jobs/${pre.id}`).expect(200)).body.batch_job;
      expect(job).toMatchObject({ status: 'canceled', result: { advancement_count: 1 } });
      expect(await productCount(t, `handle = 'cancel-first'`)).toBe(1);
      expect((await t.dataSource.query(`SELECT title FROM product WHERE id = $1`, [locked.id]))[0].title).toBe('Locked during import');
      expect(await productCount(t, `handle = 'cancel-third'`)).toBe(0);
    });

    it('export -> import into an empty store reproduces the catalog; importing it again changes nothing', async () => {
      const a = await createRichProduct(t.dataSource.manager, { regionId, title: 'Round trip A' });
      const b = await createProduct(t.dataSource.manager, { title: 'Round trip B', variants: [{ sku: 'RT-B-1', barcode: '123', weight: 10 } as never] });
      const exported = await runJob(admin, { type: 'product-export', context: { filterable_fields: { id: [a.id, b.id] } } });
      const original = await downloadFile(admin, t.http, exported.result.file_key);

      const store2 = await createTestApp(FAST_QUEUE_ENV);
      try {
        const admin2 = await adminAgent(store2);
        await createRegion(store2.dataSource.manager, { name: 'Europe', currency_code: 'eur' });
        const imported = await runJob(admin2, { type: 'product-import', context: { fileKey: await uploadCsv(admin2, original) } });
        expect(imported.status).toBe('completed');
        expect(imported.result.operations).toEqual({ PRODUCT_CREATE: 2, PRODUCT_UPDATE: 0, VARIANT_CREATE: 3, VARIANT_UPDATE: 0 });
        const reexported = await runJob(admin2, { type: 'product-export', context: {} });
        const copy = await downloadFile(admin2, store2.http, reexported.result.file_key);
        expect(csvLines(copy).header).toBe(csvLines(original).header);
        expect(csvLines(copy).lines.sort()).toEqual(csvLines(original).lines.sort());

        const again = await runJob(admin2, { type: 'product-import', context: { fileKey: await uploadCsv(admin2, copy) } });
        expect(again.result.operations).toEqual({ PRODUCT_CREATE: 0, PRODUCT_UPDATE: 2, VARIANT_CREATE: 0, VARIANT_UPDATE: 3 });
        const third = await runJob(admin2, { type: 'product-export', context: {} });
        expect(csvLines(await downloadFile(admin2, store2.http, third.result.file_key)).lines.sort()).toEqual(csvLines(original).lines.sort());
        const [counts] = await store2.dataSource.query(
          `SELECT (SELECT count(*) FROM product)::int AS products, (SELECT count(*) FROM product_variant)::int AS variants,
                  (SELECT count(*) FROM money_amount)::int AS prices, (SELECT count(*) FROM product_option_value)::int AS values`,
        );
        expect(counts).toEqual({ products: 2, variants: 3, prices: 7, values: 5 });
      } finally {
        await store2.close();
      }
    });
  });

  describe('order-export', () => {
    let orderIds: string[];

    beforeAll(async () => {
      const m = t.dataSource.manager;
      orderIds = await createBareOrders(m, regionId, 3);
      const address = generateEntityId('addr');
      await m.query(
        `INSERT INTO address (id, first_name, address_1, address_2, city, country_code, postal_code) VALUES ($1, 'Jane', 'Main St 1', 'Floor 2; left', 'Berlin', 'de', '10115')`,
        [address],
      );
      await m.query(
        `UPDATE "order" SET shipping_address_id = $2, sales_channel_id = 'sc_default', payment_status = 'partially_refunded', status = 'completed',
                subtotal = 2000, shipping_total = 500, discount_total = 100, gift_card_total = 0, tax_total = 480, total = 2880,
                created_at = now() - interval '1 hour'
          WHERE id = $1`,
        [orderIds[0], address],
      );
      await m.query(`INSERT INTO payment (id, amount, currency_code, amount_refunded, provider_id, order_id) VALUES ($1, 2880, 'eur', 300, 'manual', $2)`, [
        generateEntityId('pay'),
        orderIds[0],
      ]);
      await m.query(`UPDATE "order" SET created_at = now() - interval '2 hours' WHERE id = $1`, [orderIds[1]]);
      await m.query(`UPDATE "order" SET created_at = now() - interval '3 hours' WHERE id = $1`, [orderIds[2]]);
    });

    it('writes Medusa’s order columns with the frozen totals, newest first', async () => {
      const job = await runJob(admin, { type: 'order-export', context: { filterable_fields: { id: orderIds } } });
      expect(job.result).toMatchObject({ count: 3, advancement_count: 3, progress: 1 });
      expect(job.result.stat_descriptors).toEqual([
        { key: 'order-export-count', name: 'Order count to export', message: 'There will be 3 orders exported by this action' },
      ]);
      expect(job.result.file_key).toMatch(/^exports\/orders\/order-export-/);
      const text = await downloadFile(admin, t.http, job.result.file_key);
      const [header, first, ...others] = parse(text, { delimiter: ';' }) as string[][];
      expect(header.join(';')).toBe(
        'Order_ID;Display_ID;Order status;Date;Customer First name;Customer Last name;Customer Email;Customer ID;Shipping Address 1;Shipping Address 2;Shipping Country Code;Shipping City;Shipping Postal Code;Shipping Region ID;Fulfillment Status;Payment Status;Subtotal;Shipping Total;Discount Total;Gift Card Total;Refunded Total;Tax Total;Total;Currency Code;Sales channel name;Sales channel description',
      );
      const [order] = await t.dataSource.query(`SELECT display_id, created_at, customer_id, email FROM "order" WHERE id = $1`, [orderIds[0]]);
      expect(first).toEqual([
        orderIds[0],
        String(order.display_id),
        'completed',
        new Date(order.created_at).toUTCString(),
        'Jane',
        'Doe',
        order.email,
        order.customer_id,
        'Main St 1',
        'Floor 2; left',
        'de',
        'Berlin',
        '10115',
        regionId,
        'not_fulfilled',
        'partially_refunded',
        '2000',
        '500',
        '100',
        '0',
        '300',
        '480',
        '2880',
        'eur',
        'Default Sales Channel',
        'Created by default',
      ]);
      expect(others.map((row) => row[0])).toEqual([orderIds[1], orderIds[2]]);
    });

    it('exports only the column groups named by fields and expand', async () => {
      const job = await runJob(admin, {
        type: 'order-export',
        context: { filterable_fields: { id: orderIds }, fields: 'id,total', expand: 'customer', order: 'created_at' },
      });
      const { header, lines } = csvLines(await downloadFile(admin, t.http, job.result.file_key));
      expect(header).toBe('Order_ID;Customer First name;Customer Last name;Customer Email;Customer ID;Total');
      expect(lines.map((l) => l.split(';')[0])).toEqual([...orderIds].reverse());
      const bad = await admin
        .post('/admin/batch-jobs')
        .send({ type: 'order-export', context: { fields: 'id,password' } })
        .expect(400);
      expect(bad.body).toEqual({ type: 'invalid_data', message: 'context.fields has unknown entries: password' });
    });
  });
});

describe('batch jobs when a worker goes away', () => {
  const COLUMNS = ['Product Id', 'Product Handle', 'Product Title', 'Variant SKU'];
  let dbName: string;
  let url: string;
  const instances: TestApp[] = [];

  beforeEach(async () => {
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
  });
  afterEach(async () => {
    for (const instance of instances.splice(0)) await instance.close().catch(() => undefined);
    await dropTestDatabase(dbName);
  });

  /** Three one-row batches: create, update a product the test can lock, create. */
  async function stageImport(a: TestApp, admin: Agent) {
    const locked = await createProduct(a.dataSource.manager, { title: 'Locked during import' });
    const csv = importCsv(
      [
        { 'Product Handle': 'survivor-first', 'Product Title': 'First', 'Variant SKU': 'SURV-1' },
        { 'Product Id': locked.id, 'Product Handle': locked.handle!, 'Product Title': 'Changed', 'Variant SKU': 'SURV-2' },
        { 'Product Handle': 'survivor-third', 'Product Title': 'Third', 'Variant SKU': 'SURV-3' },
      ],
      COLUMNS,
    );
    const pre = await runJob(admin, { type: 'product-import', context: { fileKey: await uploadCsv(admin, csv) }, dry_run: true }, ['pre_processed']);
    return { locked, jobId: pre.id as string };
  }

  async function expectImportedOnce(t: TestApp, lockedId: string) {
    expect(await productCount(t, `handle IN ('survivor-first', 'survivor-third')`)).toBe(2);
    expect((await t.dataSource.query(`SELECT title FROM product WHERE id = $1`, [lockedId]))[0].title).toBe('Changed');
    const [skus] = await t.dataSource.query(`SELECT count(*)::int AS n, count(DISTINCT sku)::int AS distinct FROM product_variant WHERE sku LIKE 'SURV-%'`);
    expect(skus).toEqual({ n: 3, distinct: 3 });
  }

  it('a worker shut down mid-job finishes its batch, hands the rest back, and another instance completes it', async () => {
    const env = { ...FAST_QUEUE_ENV, BATCH_JOB_IMPORT_BATCH_ROWS: '1', QUEUE_SHUTDOWN_TIMEOUT_MS: '10000' };
    const a = await startTestApp(url, env);
    instances.push(a);
    const admin = await adminAgent(a);
    const { locked, jobId } = await stageImport(a, admin);
    const blocker = await lockProductRow(a, locked.id);
    try {
      await admin.post(`/admin/batch-jobs/${jobId}/confirm`).expect(200);
      await waitForJob(admin, jobId, (j) => j.result.advancement_count === 1);
      await waitForLockWaiter(a.dataSource);
    } catch (err) {
      await blocker.query('ROLLBACK');
      await blocker.end();
      throw err;
    }
    // Shutdown begins while the worker is stuck in its second batch...
    const draining = a.app.get(QueueService).beforeApplicationShutdown();
    await blocker.query('ROLLBACK');
    await blocker.end();
    await draining;
    // ...so it commits that batch, then hands the job over instead of going on.
    const [handedOver] = await a.dataSource.query(`SELECT checkpoint, result, completed_at FROM batch_job WHERE id = $1`, [jobId]);
    expect(handedOver.completed_at).toBeNull();
    expect(handedOver.result.advancement_count).toBe(2);
    expect(handedOver.checkpoint).toMatchObject({ phase: 'process', step: 1, seq: 0 });
    await a.close();
    instances.splice(instances.indexOf(a), 1);

    const b = await startTestApp(url, env);
    instances.push(b);
    const bAdmin = await adminAgent(b, admin.credentials);
    const done = await waitForJob(bAdmin, jobId, hasStatus('completed', 'failed'));
    expect(done).toMatchObject({ status: 'completed', result: { advancement_count: 3 } });
    await expectImportedOnce(b, locked.id);
  });

  it('a slice that outlives its expiry with no retries left is dead-lettered: the job fails instead of staying stuck', async () => {
    const env = { ...FAST_QUEUE_ENV, BATCH_JOB_IMPORT_BATCH_ROWS: '1', QUEUE_EXPIRE_SECONDS: '2', QUEUE_RETRY_LIMIT: '0' };
    const a = await startTestApp(url, env);
    instances.push(a);
    const admin = await adminAgent(a);
    const { locked, jobId } = await stageImport(a, admin);
    const blocker = await lockProductRow(a, locked.id);
    let failed: Record<string, any>;
    try {
      await admin.post(`/admin/batch-jobs/${jobId}/confirm`).expect(200);
      // The worker hangs in its second batch past the expiry: the queue gives up on it.
      failed = await waitForJob(admin, jobId, hasStatus('failed', 'completed'));
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect(failed.status).toBe('failed');
    expect(failed.result.errors).toEqual([{ message: 'The batch job stopped: its worker failed repeatedly or stopped responding.', code: 'unexpected_state' }]);
    expect(failed.result.advancement_count).toBe(1);
    // Released, the hung batch finds the job failed and rolls back instead of writing:
    // locking the row waits for that transaction to end, then shows what it left.
    const [after] = await a.dataSource.transaction(async (m) => {
      await m.query(`SET LOCAL lock_timeout = '10s'`);
      return m.query(`SELECT title FROM product WHERE id = $1 FOR UPDATE`, [locked.id]);
    });
    expect(after.title).toBe('Locked during import');
    expect((await admin.get(`/admin/batch-jobs/${jobId}`).expect(200)).body.batch_job.status).toBe('failed');
  });

  it('a killed worker’s job is taken over by another instance, resumes after its last batch and completes once', async () => {
    // A short expiry so the dead worker's message is noticed quickly; enough retries that a
    // busy machine's slow slices never exhaust them.
    const env = { ...FAST_QUEUE_ENV, BATCH_JOB_IMPORT_BATCH_ROWS: '1', BATCH_JOB_SLICE_MS: '500', QUEUE_EXPIRE_SECONDS: '4', QUEUE_RETRY_LIMIT: '20' };
    // The API instance does no background work: the child process is the only worker.
    const api = await startTestApp(url, { ...env, QUEUE_WORKERS: 'false' });
    instances.push(api);
    const worker = await spawnWorker(url, { ...env, QUEUE_WORKERS: 'true' });
    try {
      const admin = await adminAgent(api);
      const { locked, jobId } = await stageImport(api, admin);
      const blocker = await lockProductRow(api, locked.id);
      try {
        await admin.post(`/admin/batch-jobs/${jobId}/confirm`).expect(200);
        await waitForJob(admin, jobId, (j) => j.status === 'processing' && j.result.advancement_count === 1);
        await waitForLockWaiter(api.dataSource);
        await worker.kill();
      } finally {
        await blocker.query('ROLLBACK');
        await blocker.end();
      }
      expect((await admin.get(`/admin/batch-jobs/${jobId}`).expect(200)).body.batch_job.status).toBe('processing');
      const [firstBatch] = await api.dataSource.query(`SELECT updated_at FROM product WHERE handle = 'survivor-first'`);

      const b = await startTestApp(url, { ...env, QUEUE_WORKERS: 'true' });
      instances.push(b);
      const done = await waitForJob(admin, jobId, hasStatus('completed', 'failed'), 90_000);
      expect(done.result.errors).toBeUndefined();
      expect(done).toMatchObject({ status: 'completed', result: { advancement_count: 3 } });
      await expectImportedOnce(b, locked.id);
      // The first batch was not applied again: the new worker resumed from the checkpoint.
      const [afterwards] = await b.dataSource.query(`SELECT updated_at FROM product WHERE handle = 'survivor-first'`);
      expect(afterwards.updated_at).toEqual(firstBatch.updated_at);
      // The dead worker's queue message was expired and retried, not lost.
      const [retried] = await b.dataSource.query(
        `SELECT max(retry_count)::int AS n FROM pgboss.job WHERE data->>'batch_job_id' = $1 AND data->>'phase' = 'process' AND (data->>'step')::int = 0`,
        [jobId],
      );
      expect(retried.n).toBeGreaterThanOrEqual(1);
    } finally {
      await worker.kill();
    }
    // Three processes start and a queue message expires on the way: minutes on a loaded 2-core machine.
  }, 240_000);
});

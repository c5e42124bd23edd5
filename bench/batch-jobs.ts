/**
 * Batch-job benchmark (not a test; never part of `npm test`): exports a generated catalog
 * of N variants to CSV, then imports that file into the emptied catalog (every product and
 * variant created), and optionally imports it again (every row an update). Reports time,
 * throughput and the peak RSS of each phase, so memory can be compared across sizes: it
 * must stay flat as the catalog grows (files and catalog are streamed, never loaded whole).
 *
 *   npm run build && node --expose-gc dist/bench/batch-jobs.js --variants 100000
 *   # or without building:
 *   TS_NODE_TRANSPILE_ONLY=true TS_NODE_TRANSPILER=ts-node/transpilers/swc node --expose-gc -r ts-node/register bench/batch-jobs.ts --variants 20000
 * (--expose-gc adds the peak live heap, measured after forced collections.)
 *
 * Flags: --variants N (default 100000), --per-product N (variants per product, default 4),
 * --update (also time a re-import where every row is an update), --keep (keep the database).
 * Uses DATABASE_URL's server (a fresh database `bench_batch_jobs` on it), or an embedded
 * PostgreSQL when DATABASE_URL is not set.
 */
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/configuration';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/migrate';
import { BatchJobsService } from '../src/modules/batch-jobs/batch-jobs.service';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] && !process.argv[i + 1].startsWith('--') ? process.argv[i + 1] : fallback;
}

/**
 * Samples memory: RSS every 50 ms (what the OS sees, including garbage V8 has not yet
 * collected) and, when run with --expose-gc, the live heap after a forced collection every
 * 500 ms (what the process actually holds: the number that must not grow with the catalog).
 */
class MemorySampler {
  private rss = 0;
  private live = 0;
  private readonly gc = (globalThis as { gc?: () => void }).gc;
  private readonly timers = [setInterval(() => this.sampleRss(), 50), setInterval(() => this.sampleLive(), 500)];

  reset(): void {
    this.rss = process.memoryUsage().rss;
    this.live = 0;
    this.sampleLive();
  }

  report(): string {
    this.sampleRss();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    return `peak RSS ${mb(this.rss)} MB` + (this.gc ? `, peak live heap ${mb(this.live)} MB` : '');
  }

  stop(): void {
    this.timers.forEach(clearInterval);
  }

  private sampleRss(): void {
    this.rss = Math.max(this.rss, process.memoryUsage().rss);
  }

  private sampleLive(): void {
    if (!this.gc) return;
    this.gc();
    this.live = Math.max(this.live, process.memoryUsage().heapUsed);
  }
}

async function generateCatalog(db: Client, products: number, perProduct: number): Promise<void> {
  const statements = [
    `INSERT INTO product (id, title, handle, description, status, profile_id, discountable)
       SELECT 'prod_b' || lpad(i::text, 9, '0'), 'Product ' || i, 'product-' || i, 'Benchmark product; number ' || i, 'published', 'sp_default', true
         FROM generate_series(1, ${products}) i`,
    `INSERT INTO product_option (id, title, product_id) SELECT 'opt_b' || lpad(i::text, 9, '0'), 'Size', 'prod_b' || lpad(i::text, 9, '0') FROM generate_series(1, ${products}) i`,
    `INSERT INTO product_sales_channel (product_id, sales_channel_id) SELECT 'prod_b' || lpad(i::text, 9, '0'), 'sc_default' FROM generate_series(1, ${products}) i`,
    `INSERT INTO product_variant (id, title, product_id, sku, inventory_quantity, variant_rank)
       SELECT 'variant_b' || lpad(i::text, 9, '0') || '_' || j, 'Size ' || j, 'prod_b' || lpad(i::text, 9, '0'), 'SKU-' || i || '-' || j, 10, j - 1
         FROM generate_series(1, ${products}) i, generate_series(1, ${perProduct}) j`,
    `INSERT INTO product_option_value (id, value, option_id, variant_id)
       SELECT 'optval_b' || lpad(i::text, 9, '0') || '_' || j, 'S' || j, 'opt_b' || lpad(i::text, 9, '0'), 'variant_b' || lpad(i::text, 9, '0') || '_' || j
         FROM generate_series(1, ${products}) i, generate_series(1, ${perProduct}) j`,
    `INSERT INTO money_amount (id, currency_code, amount, variant_id)
       SELECT 'ma_b' || c || lpad(i::text, 9, '0') || '_' || j, c, 1000 + i % 500, 'variant_b' || lpad(i::text, 9, '0') || '_' || j
         FROM generate_series(1, ${products}) i, generate_series(1, ${perProduct}) j, unnest(ARRAY['eur', 'usd']) c`,
  ];
  for (const sql of statements) await db.query(sql);
  await db.query('ANALYZE');
}

async function main(): Promise<void> {
  const variants = Number(flag('variants', '100000'));
  const perProduct = Number(flag('per-product', '4'));
  const products = Math.ceil(variants / perProduct);
  const withUpdate = process.argv.includes('--update');

  let serverUrl = process.env.DATABASE_URL;
  let embedded: { stop(): Promise<void> } | undefined;
  if (!serverUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: '.data/bench-postgres', port: 0, database: 'postgres' });
    serverUrl = (embedded as unknown as { url: string }).url;
  }
  const database = 'bench_batch_jobs';
  const server = new Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await server.query(`CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const dbUrl = url.toString();

  await runMigrations(dbUrl);
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  let started = Date.now();
  await generateCatalog(db, products, perProduct);
  await db.query(`INSERT INTO "user" (id, email, role) VALUES ('usr_bench', 'bench@admin.example', 'admin')`);
  console.log(
    `catalog: ${products} products, ${products * perProduct} variants, ${products * perProduct * 2} prices (generated in ${Date.now() - started} ms)`,
  );

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: dbUrl,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    QUEUE_POLL_INTERVAL_MS: '500',
  });
  const app = await createApp({ config, http: false, logs: 'quiet' });
  const jobs = app.get(BatchJobsService);
  const memory = new MemorySampler();

  const run = async (label: string, type: string, context: Record<string, unknown>, unit: number) => {
    memory.reset();
    const t0 = Date.now();
    const job = await jobs.create('usr_bench', { type, context });
    for (;;) {
      const current = await jobs.retrieve(job.id, 'usr_bench');
      if (current.status === 'completed' || current.status === 'failed' || current.status === 'canceled') {
        if (current.status !== 'completed') throw new Error(`${label} ended ${current.status}: ${JSON.stringify(current.result?.errors)}`);
        const ms = Date.now() - t0;
        const phase = (from: Date | null, to: Date | null) => (from && to ? `${to.getTime() - from.getTime()} ms` : '-');
        const phases = `pre-processing ${phase(current.created_at, current.pre_processed_at)}, processing ${phase(current.processing_at, current.completed_at)}`;
        console.log(
          `${label.padEnd(28)} ${String(ms).padStart(7)} ms  ${String(Math.round((unit / ms) * 1000)).padStart(7)} variants/s  ${memory.report()}  (${phases})`,
        );
        return current;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  try {
    console.log(`idle app RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
    const exported = await run('export', 'product-export', {}, products * perProduct);
    const fileKey = exported.result!.file_key as string;
    console.log(`  file ${Math.round(Number(exported.result!.file_size) / 1024 / 1024)} MB`);

    // Import needs an upload of the file: copy the export's chunks to an import key.
    await db.query(
      `INSERT INTO stored_file (key, size, chunk_count, content_type, is_public) SELECT 'bench-import.csv', size, chunk_count, content_type, false FROM stored_file WHERE key = $1`,
      [fileKey],
    );
    await db.query(
      `INSERT INTO stored_file_chunk (file_key, seq, byte_offset, data) SELECT 'bench-import.csv', seq, byte_offset, data FROM stored_file_chunk WHERE file_key = $1`,
      [fileKey],
    );
    if (withUpdate) {
      await db.query(
        `INSERT INTO stored_file (key, size, chunk_count, content_type, is_public) SELECT 'bench-update.csv', size, chunk_count, content_type, false FROM stored_file WHERE key = $1`,
        [fileKey],
      );
      await db.query(
        `INSERT INTO stored_file_chunk (file_key, seq, byte_offset, data) SELECT 'bench-update.csv', seq, byte_offset, data FROM stored_file_chunk WHERE file_key = $1`,
        [fileKey],
      );
    }
    started = Date.now();
    await db.query(
      'TRUNCATE product, product_variant, product_option, product_option_value, money_amount, product_sales_channel, product_tags, product_images CASCADE',
    );
    console.log(`catalog emptied (${Date.now() - started} ms)`);
    await run('import (all creates)', 'product-import', { fileKey: 'bench-import.csv' }, products * perProduct);
    const [counts] = (
      await db.query(
        `SELECT (SELECT count(*) FROM product)::int AS products, (SELECT count(*) FROM product_variant)::int AS variants, (SELECT count(*) FROM money_amount)::int AS prices`,
      )
    ).rows;
    console.log(`  imported ${counts.products} products, ${counts.variants} variants, ${counts.prices} prices`);
    if (withUpdate) await run('import again (all updates)', 'product-import', { fileKey: 'bench-update.csv' }, products * perProduct);
  } finally {
    memory.stop();
    await app.close();
    await db.end();
    if (!process.argv.includes('--keep')) await server.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await server.end();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

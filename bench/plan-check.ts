/**
 * The plan check of issue 32 (a bench script, never part of `npm test`): on the scale data
 * set, boots the API with bench/sql-capture.ts loaded, sends each request of the paths the
 * issue names (store catalogue reads, a whole checkout as a customer with 1 000 past orders,
 * a discount whose condition covers thousands of products, the admin lists and searches, the
 * order and product exports), then runs `EXPLAIN` on every distinct statement the API sent
 * and fails when a plan reads a table that grows with the shop by a `Seq Scan`.
 *
 *   npm run bench:plans -- --scale 100          # BENCH_DB (default medusa_scale), DATABASE_URL's server
 *
 * Statements the API runs as named prepared statements are explained twice: with the
 * values of their first run (the custom plan) and as the generic plan PostgreSQL switches
 * to after five runs (`plan_cache_mode = force_generic_plan`). Tables below MIN_ROWS rows at
 * this scale are left to the planner (a sequential scan of a few pages is the right plan);
 * run it at N = 100 (N = 10 at the least) for the verdict. Writes
 * bench/results/<date>-plans.md.
 *
 * `--analyze <text>` (repeatable) adds `EXPLAIN (ANALYZE, BUFFERS)` of every read of the
 * steps whose label contains the text (custom plan, in a rolled-back transaction), with the
 * shared buffers each touched: what a plan costs, independent of the machine's load.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Client, escapeLiteral } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/migrate';
import { createBenchAdmin, flag, flags, productionNodeFlags, startApi } from './api-process';
import { api } from './http-client';
import { CONDITIONAL_DISCOUNT_CODE, ensureScaleDatabase, LOYAL_CUSTOMER } from './scale-dataset';

/** Tables that stay the size of the shop's setup, not of its trade: any plan may scan them. */
const SETUP_TABLES = new Set([
  'country',
  'currency',
  'region',
  'region_payment_providers',
  'region_fulfillment_providers',
  'payment_provider',
  'fulfillment_provider',
  'shipping_option',
  'shipping_option_requirement',
  'shipping_profile',
  'sales_channel',
  'store',
  'store_currencies',
  'tax_rate',
  'migrations',
  'region_tree_version',
  'bench_scale_build',
]);
/** Below this many rows (pg_class.reltuples) a sequential scan is the planner's right call. */
const MIN_ROWS = 5_000;

interface Captured {
  text: string;
  values: unknown[];
  named: boolean;
}

interface Step {
  label: string;
  run(ctx: Ctx): Promise<void>;
  /**
   * An export of everything: a statement it runs once per export without parameters (the
   * count, the column shapes over every price) reads whole tables by design, and its
   * sequential scans are listed as notes. Its per-page statements (with parameters) are
   * held to the rule: a scan per page would make the export quadratic.
   */
  wholeTable?: boolean;
}

interface Ctx {
  base: string;
  admin: Record<string, string>;
  customer: Record<string, string>;
  variantIds: string[];
  cartId?: string;
}

const get = (ctx: Ctx, path: string, headers: Record<string, string> = {}) => api(ctx.base, 'GET', path, undefined, headers);

/**
 * Until the job has written a few pages (every statement of a page is then captured), or
 * has completed; then cancels it: an export of everything at N = 100 takes minutes, and its
 * later pages run the same statements. The curve (`npm run bench -- --exports`) times whole exports.
 */
async function waitForJob(ctx: Ctx, id: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    const { body } = await get(ctx, `/admin/batch-jobs/${id}`, ctx.admin);
    const job = (body as { batch_job: { status: string; result?: { advancement_count?: number } } }).batch_job;
    const status = job.status;
    if (status === 'completed') return;
    if ((job.result?.advancement_count ?? 0) >= 200) {
      await api(ctx.base, 'POST', `/admin/batch-jobs/${id}/cancel`, {}, ctx.admin);
      return;
    }
    if (status === 'failed' || status === 'canceled') throw new Error(`batch job ${id} ended ${status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`batch job ${id} did not finish in 10 minutes`);
}

async function exportJob(ctx: Ctx, type: string): Promise<void> {
  const { body } = await api<{ batch_job: { id: string } }>(ctx.base, 'POST', '/admin/batch-jobs', { type, context: {} }, ctx.admin);
  await waitForJob(ctx, body.batch_job.id);
}

/** The request paths of issue 32, in the order a shop's day might have them. */
const STEPS: Step[] = [
  { label: 'GET /store/products', run: (c) => get(c, '/store/products?limit=20').then(() => undefined) },
  { label: 'GET /store/products?q', run: (c) => get(c, '/store/products?q=Product%204242&limit=20').then(() => undefined) },
  { label: 'GET /store/products?category_id', run: (c) => get(c, '/store/products?category_id[]=pcat_bench_3&limit=20').then(() => undefined) },
  { label: 'GET /store/products?collection_id', run: (c) => get(c, '/store/products?collection_id[]=pcol_bench_7&limit=20').then(() => undefined) },
  { label: 'GET /store/products/:id', run: (c) => get(c, '/store/products/prod_bench_4242').then(() => undefined) },
  { label: 'GET /store/collections', run: (c) => get(c, '/store/collections').then(() => undefined) },
  {
    label: 'checkout as a customer with 1 000 orders',
    async run(c) {
      const h = c.customer;
      const { body } = await api<{ cart: { id: string } }>(c.base, 'POST', '/store/carts', { region_id: 'reg_bench_eu' }, h);
      const id = body.cart.id;
      for (const variant of c.variantIds.slice(0, 2)) await api(c.base, 'POST', `/store/carts/${id}/line-items`, { variant_id: variant, quantity: 1 }, h);
      await get(c, `/store/carts/${id}`, h);
      await api(
        c.base,
        'POST',
        `/store/carts/${id}`,
        { shipping_address: { first_name: 'L', last_name: 'Oyal', address_1: 'Main 1', city: 'Paris', country_code: 'fr', postal_code: '75001' } },
        h,
      );
      await api(c.base, 'POST', `/store/carts/${id}`, { discounts: [{ code: CONDITIONAL_DISCOUNT_CODE }] }, h);
      await api(c.base, 'POST', `/store/carts/${id}/shipping-methods`, { option_id: 'so_bench_standard' }, h);
      await api(c.base, 'POST', `/store/carts/${id}/payment-sessions`, {}, h);
      await api(c.base, 'POST', `/store/carts/${id}/complete`, {}, h);
    },
  },
  { label: 'GET /store/customers/me/orders', run: (c) => get(c, '/store/customers/me/orders?limit=10', c.customer).then(() => undefined) },
  { label: 'GET /store/customers/me', run: (c) => get(c, '/store/customers/me', c.customer).then(() => undefined) },
  { label: 'GET /admin/customers', run: (c) => get(c, '/admin/customers', c.admin).then(() => undefined) },
  { label: 'GET /admin/customers?q (email part)', run: (c) => get(c, '/admin/customers?q=user4242%40', c.admin).then(() => undefined) },
  { label: 'GET /admin/customers?q (last name)', run: (c) => get(c, '/admin/customers?q=Dijkstra242', c.admin).then(() => undefined) },
  {
    label: 'GET /admin/customers/:id',
    run: (c) => get(c, '/admin/customers/cus_bench_00004242?expand=groups,shipping_addresses,billing_address', c.admin).then(() => undefined),
  },
  { label: 'GET /admin/discounts', run: (c) => get(c, '/admin/discounts', c.admin).then(() => undefined) },
  { label: 'GET /admin/discounts?q', run: (c) => get(c, '/admin/discounts?q=SCALE4242', c.admin).then(() => undefined) },
  { label: 'GET /admin/gift-cards', run: (c) => get(c, '/admin/gift-cards', c.admin).then(() => undefined) },
  { label: 'GET /admin/gift-cards?q', run: (c) => get(c, '/admin/gift-cards?q=AB12', c.admin).then(() => undefined) },
  { label: 'GET /admin/draft-orders', run: (c) => get(c, '/admin/draft-orders', c.admin).then(() => undefined) },
  { label: 'GET /admin/customer-groups', run: (c) => get(c, '/admin/customer-groups', c.admin).then(() => undefined) },
  {
    label: 'GET /admin/customer-groups/:id/customers',
    run: (c) => get(c, '/admin/customer-groups/cgrp_bench_000042/customers', c.admin).then(() => undefined),
  },
  { label: 'GET /admin/orders', run: (c) => get(c, '/admin/orders', c.admin).then(() => undefined) },
  { label: 'GET /admin/orders?q', run: (c) => get(c, '/admin/orders?q=user4242%40', c.admin).then(() => undefined) },
  { label: 'GET /admin/products', run: (c) => get(c, '/admin/products', c.admin).then(() => undefined) },
  { label: 'GET /admin/products?q', run: (c) => get(c, '/admin/products?q=Product%204242', c.admin).then(() => undefined) },
  { label: 'order export (batch job)', run: (c) => exportJob(c, 'order-export'), wholeTable: true },
  { label: 'product export (batch job)', run: (c) => exportJob(c, 'product-export'), wholeTable: true },
];

/** Statements that have no plan. */
const NO_PLAN =
  /^\s*(BEGIN|COMMIT|ROLLBACK|START|SET|RESET|SHOW|LISTEN|UNLISTEN|NOTIFY|SAVEPOINT|RELEASE|DEALLOCATE|DISCARD|LOCK|VACUUM|ANALYZE|CREATE|ALTER|DROP|FETCH|CLOSE|DECLARE)\b/i;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  if (node['Node Type'] === 'Seq Scan') out.push(node);
  for (const child of node.Plans ?? []) seqScans(child, out);
  return out;
}

/** pg's own text form of a value (as it sends it), as an SQL literal. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return escapeLiteral(`{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/(["\\])/g, '\\$1')}"`)).join(',')}}`);
  if (typeof value === 'object') {
    const buffer = value as { type?: string; data?: number[] };
    if (buffer.type === 'Buffer' && Array.isArray(buffer.data)) return `'\\x${Buffer.from(buffer.data).toString('hex')}'::bytea`;
    return escapeLiteral(JSON.stringify(value));
  }
  return escapeLiteral(String(value));
}

function restoreValue(value: unknown): unknown {
  const buffer = value as { type?: string; data?: number[] } | null;
  if (buffer && typeof buffer === 'object' && buffer.type === 'Buffer' && Array.isArray(buffer.data)) return Buffer.from(buffer.data);
  return value;
}

interface Finding {
  /** A once-per-export statement's whole-table read (see Step.wholeTable): reported, not failed. */
  note: boolean;
  step: string;
  plan: 'custom' | 'generic';
  relation: string;
  rows: number;
  text: string;
}

interface Analyzed {
  step: string;
  text: string;
  plan: string;
  buffers: number;
}

/** Shared buffers (hit + read) of a plan's root: every page the statement touched. */
function sharedBuffers(node: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }): number {
  return (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0);
}

async function explainAll(dbUrl: string, statements: Array<Captured & { step: string }>, analyze: string[] = []) {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  const sizes = new Map(
    (
      await db.query<{ relname: string; rows: number }>(
        `SELECT relname, reltuples::bigint AS rows FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
      )
    ).rows.map((r) => [r.relname, Number(r.rows)]),
  );
  const findings: Finding[] = [];
  const analyzed: Analyzed[] = [];
  const unexplained: Array<{ step: string; text: string; error: string }> = [];
  let explained = 0;
  const judge = (s: Captured & { step: string }, plan: 'custom' | 'generic', root: PlanNode) => {
    for (const scan of seqScans(root)) {
      const relation = scan['Relation Name'] ?? '?';
      const rows = sizes.get(relation) ?? 0;
      if (SETUP_TABLES.has(relation) || rows < MIN_ROWS) continue;
      const note = s.values.length === 0 && STEPS.some((step) => step.label === s.step && step.wholeTable);
      findings.push({ note, step: s.step, plan, relation, rows, text: s.text });
    }
  };
  try {
    for (const s of statements) {
      if (NO_PLAN.test(s.text)) continue;
      const values = s.values.map(restoreValue);
      try {
        await db.query('BEGIN');
        const custom = await db.query(`EXPLAIN (FORMAT JSON) ${s.text}`, values);
        judge(s, 'custom', custom.rows[0]['QUERY PLAN'][0].Plan);
        if (/^\s*SELECT\b/i.test(s.text) && analyze.some((part) => s.step.includes(part))) {
          const json = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.text}`, values);
          const text = await db.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS) ${s.text}`, values);
          const plan = text.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
          analyzed.push({ step: s.step, text: s.text, plan, buffers: sharedBuffers(json.rows[0]['QUERY PLAN'][0].Plan) });
        }
        if (s.named && values.length) {
          await db.query('SET LOCAL plan_cache_mode = force_generic_plan');
          await db.query(`PREPARE plan_check AS ${s.text}`);
          const generic = await db.query(`EXPLAIN (FORMAT JSON) EXECUTE plan_check(${s.values.map(literal).join(', ')})`);
          judge(s, 'generic', generic.rows[0]['QUERY PLAN'][0].Plan);
        }
        explained++;
      } catch (err) {
        unexplained.push({ step: s.step, text: s.text, error: (err as Error).message });
      } finally {
        await db.query('ROLLBACK');
        await db.query('DEALLOCATE ALL');
      }
    }
  } finally {
    await db.end();
  }
  return { findings, unexplained, explained, analyzed };
}

async function main(): Promise<void> {
  const n = Number(flag('scale', '100'));
  let serverUrl = process.env.DATABASE_URL;
  let embedded: { stop(): Promise<void> } | undefined;
  if (!serverUrl) {
    const db = await startEmbeddedPostgres({ dataDir: '.data/bench-postgres', port: 0, database: 'postgres' });
    embedded = db;
    serverUrl = db.url;
  }
  const captureFile = join(tmpdir(), `plan-check-${process.pid}.jsonl`);
  const date = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    const { dbUrl, data } = await ensureScaleDatabase(serverUrl, process.env.BENCH_DB ?? 'medusa_scale', n, { rebuild: process.argv.includes('--rebuild') });
    // Migrated before the API boots: a kept database's pending migrations are not request paths.
    await runMigrations(dbUrl);
    const admin = await createBenchAdmin(dbUrl);
    writeFileSync(captureFile, '');
    const nodeFlags = [...productionNodeFlags(), '--require', join(__dirname, 'sql-capture.js')];
    const apiProcess = await startApi({ dbUrl, nodeFlags, env: { SQL_CAPTURE_FILE: captureFile } });
    const lineCount = () => readFileSync(captureFile, 'utf8').split('\n').filter(Boolean).length;
    const stepOf: string[] = [];
    const failedSteps: string[] = [];
    try {
      const { body } = await api<{ access_token: string }>(apiProcess.base, 'POST', '/store/auth/token', {
        email: LOYAL_CUSTOMER.email,
        password: LOYAL_CUSTOMER.password,
      });
      const ctx: Ctx = { base: apiProcess.base, admin, customer: { authorization: `Bearer ${body.access_token}` }, variantIds: data.variantIds };
      for (let i = lineCount(); i > stepOf.length;) stepOf.push('boot and login');
      for (const step of STEPS) {
        process.stdout.write(`${step.label}... `);
        const started = Date.now();
        // A route this build does not have (yet) is reported, and the others still checked.
        await step.run(ctx).catch((err: Error) => failedSteps.push(`${step.label}: ${err.message.slice(0, 200)}`));
        // The API writes its capture synchronously before each statement is sent, so every
        // statement of the step is in the file once its answer is here.
        const lines = lineCount();
        while (stepOf.length < lines) stepOf.push(step.label);
        console.log(`${Date.now() - started} ms`);
      }
    } finally {
      await apiProcess.stop();
    }
    const captured = readFileSync(captureFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line, i) => ({ ...(JSON.parse(line) as Captured), step: stepOf[i] ?? 'after the last step' }));
    console.log(`Explaining ${captured.length} distinct statements...`);
    const { findings: all, unexplained, explained, analyzed } = await explainAll(dbUrl, captured, flags('analyze'));
    const findings = all.filter((f) => !f.note);
    const notes = all.filter((f) => f.note);
    const describe = (f: Finding) =>
      `- **${f.relation}** (${f.rows} rows), ${f.plan} plan, from ${f.step}:\n\n  \`\`\`sql\n  ${f.text
        .replace(/\s+/g, ' ')
        .replace(/^SELECT (("[A-Za-z_]+"\."[a-z_]+" AS "[A-Za-z_]+"(, )?)+)/, 'SELECT … ')
        .slice(0, 700)}\n  \`\`\``;
    const report = [
      `# Plan check, scale data set N=${n} (${date})`,
      '',
      `${captured.length} distinct statements captured over ${STEPS.length} request paths; ${explained} explained (the others have no plan: BEGIN, SET, LISTEN, ...); ${findings.length} sequential scans of tables that grow with the shop (at least ${MIN_ROWS} rows here).`,
      '',
      ...findings.map(describe),
      '',
      notes.length ? `## Whole-table reads once per export (${notes.length}; not failures)\n` : '',
      ...notes.map(describe),
      '',
      failedSteps.length ? `## Requests that failed (their statements up to the failure are checked)\n\n${failedSteps.map((f) => `- ${f}`).join('\n')}\n` : '',
      unexplained.length ? `## Not explained (${unexplained.length})\n` : '',
      ...unexplained.map((u) => `- from ${u.step}: ${u.error}: \`${u.text.replace(/\s+/g, ' ').slice(0, 200)}\``),
      analyzed.length ? `\n## EXPLAIN (ANALYZE, BUFFERS) of the reads of ${flags('analyze').join(', ')}\n` : '',
      ...analyzed.map((a) => `### ${a.step}: ${a.buffers} shared buffers\n\n\`\`\`sql\n${a.text.replace(/\s+/g, ' ')}\n\`\`\`\n\n\`\`\`\n${a.plan}\n\`\`\`\n`),
    ].join('\n');
    mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
    const out = join(process.cwd(), 'bench', 'results', `${date}-plans.md`);
    writeFileSync(out, `${report}\n`);
    console.log(`\n${report}\n\nWritten to ${out}`);
    if (findings.length) process.exitCode = 1;
  } finally {
    rmSync(captureFile, { force: true });
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

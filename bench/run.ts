/**
 * `npm run bench`: boots the built app in production mode against PostgreSQL
 * (DATABASE_URL's server, or the embedded one), loads a generated data set into a fresh
 * database, drives each scenario with autocannon and writes bench/results/<date>.json
 * plus a markdown table, comparing with the targets. Never part of `npm test`.
 *
 * Flags: --customers N (default 100000; 1000000 for the scaling check), --duration S
 * (default 10), --prewarm S (default 0: the checkout flow runs this long unmeasured before
 * the first scenario, see prewarmApi), --warmup S (default 2: each scenario first runs this
 * long unmeasured, so the figures are of a JIT-compiled process, not of its first
 * seconds), --connections N
 * (default 10), --only <substring of a scenario name; several separated by |>, --repeat N (default 1: each
 * scenario runs N times, freshly prepared, and the median run is reported with the range),
 * --scaling (the customer search scenarios over 10 000 and then 1 000 000 customers, and
 * the ratio of their p50s), --scale N (the kept scale data set of N, bench/scale-dataset.ts,
 * built when missing, in BENCH_DB, default medusa_scale; --rebuild builds it again; the
 * scenarios marked scaleOnly run only then), --exports (after the scenarios, an order and a
 * product export of everything: time and the API's peak RSS).
 *
 * The Stripe checkout scenario pays at a fake of Stripe's HTTP API
 * (test/helpers/stripe-fake, the e2e specs' own), started in this process, which also
 * plays the shopper's Stripe.js: its CPU counts as the load generator's. The API still runs
 * in production mode: STRIPE_API_BASE_URL_FOR_BENCH=true lets it take the fake's URL, a
 * loopback one only (production refuses STRIPE_API_BASE_URL without it). Not
 * NODE_ENV=development: that process differs where checkout spends (without SMTP_URL it
 * subscribes order-confirmation mail, a job per order; cookies not Secure; pino-pretty on
 * a terminal), so its figure would not compare with the full checkout's.
 *
 * Before the API starts, a short calibration (bench/machine-calibration.ts) times fixed
 * work in Node and PostgreSQL; it is printed under the table, so runs of different days
 * on VMs of different speed can be told apart.
 */
import autocannon from 'autocannon';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { StripeFake } from '../test/helpers/stripe-fake/stripe-fake';
import { createBenchAdmin, flag, freshBenchDatabase, productionNodeFlags, startApi } from './api-process';
import { DEFAULT_SIZE } from './dataset';
import { ensureScaleDatabase } from './scale-dataset';
import { api as apiRequest } from './http-client';
import { calibrateMachine, describeCalibration, MachineCalibration } from './machine-calibration';
import { cpuPerRequest, machineBusyPercent, sampleCpu, sampleMachineCpu } from './process-cpu';
import { BenchContext, SCENARIOS, Scenario } from './scenarios';

const SCALING_SMALL = 10_000;
const SCALING_LARGE = 1_000_000;

interface Row {
  scenario: string;
  rps: number;
  /** With --repeat: the lowest and highest of the runs (rps is their median). */
  rpsRange?: [number, number];
  unitsPerSecond?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU per request in the measured run, in ms: the API process and PostgreSQL's processes. */
  cpu?: { apiMs: number; postgresMs: number; loadGeneratorMs: number; machineBusyPercent?: number };
  target: string;
  met: boolean | null;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function describeTarget(s: Scenario): string {
  const t = s.target ?? {};
  const parts = [
    t.minRps ? `>= ${t.minRps} req/s` : '',
    t.maxP99Ms ? `p99 <= ${t.maxP99Ms} ms` : '',
    t.minPerSecond ? `>= ${t.minPerSecond}/s` : '',
    t.maxP50Ratio ? `p50 ${SCALING_LARGE} / ${SCALING_SMALL} customers <= ${t.maxP50Ratio}× (--scaling)` : '',
  ];
  return parts.filter(Boolean).join(', ') || '-';
}

interface RunOptions {
  customers: number;
  duration: number;
  connections: number;
  warmup: number;
  prewarm: number;
  only: string;
  repeat: number;
  /** --scale N: run on the kept scale data set of N (bench/scale-dataset.ts) instead of a fresh default one. */
  scale?: number;
  rebuild?: boolean;
  /** Time the order and product exports (batch jobs in the API process) after the scenarios, with its peak RSS. */
  exports?: boolean;
}

interface ExportRow {
  type: string;
  seconds: number;
  rows?: number;
  fileMb?: number;
  /** The API process's resident memory: before the job, and the highest seen while it ran (sampled every 100 ms). */
  rssBeforeMb: number;
  peakRssMb: number;
}

interface RunResult {
  rows: Row[];
  rss: number;
  rssAfterExports?: number;
  exports?: ExportRow[];
  nodeFlags: string[];
  machine: MachineCalibration;
}

interface Measurement {
  rps: number;
  units?: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpu?: { apiMs: number; postgresMs: number; loadGeneratorMs: number; machineBusyPercent?: number };
}

/** One prepared, warmed-up, measured run of a scenario. */
async function measureOnce(scenario: Scenario, ctx: BenchContext, options: RunOptions, apiPid: number): Promise<Measurement> {
  const { duration, connections, warmup } = options;
  // autocannon takes the path from the url; a top-level `path` option is ignored.
  const { path, wrongAnswers, ...plan } = await scenario.prepare(ctx);
  const url = `${ctx.base}${path ?? ''}`;
  if (warmup > 0) {
    process.stdout.write(' warming up...');
    await autocannon({ url, connections, duration: warmup, ...plan });
  }
  process.stdout.write(' running...');
  const cpuBefore = sampleCpu(apiPid);
  const machineBefore = sampleMachineCpu();
  // autocannon runs in this process: its CPU is the load generator's share of the machine.
  const loadBefore = process.cpuUsage();
  const wrongBefore = wrongAnswers?.() ?? 0;
  const result = await autocannon({ url, connections, duration, ...plan });
  const load = process.cpuUsage(loadBefore);
  const wrong = (wrongAnswers?.() ?? 0) - wrongBefore;
  const perRequest = cpuPerRequest(cpuBefore, sampleCpu(apiPid), result.requests.total);
  const cpu = perRequest && {
    ...perRequest,
    loadGeneratorMs: Math.round(((load.user + load.system) / 1000 / Math.max(1, result.requests.total)) * 100) / 100,
    machineBusyPercent: machineBusyPercent(machineBefore, sampleMachineCpu()),
  };
  const m: Measurement = {
    rps: Math.round(result.requests.average),
    units: scenario.requestsPerUnit ? Math.round((result.requests.total / scenario.requestsPerUnit / duration) * 10) / 10 : undefined,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
    non2xx: result.non2xx,
    cpu,
  };
  const cpuText = cpu
    ? `, CPU/req API ${cpu.apiMs} ms PG ${cpu.postgresMs} ms load generator ${cpu.loadGeneratorMs} ms, machine busy ${cpu.machineBusyPercent ?? '?'} %`
    : '';
  const wrongText = wrong ? `, wrong answers ${wrong}` : '';
  process.stdout.write(` ${m.rps} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}${wrongText}${cpuText}`);
  return m;
}

/**
 * A scenario's row: with `--repeat N`, N runs (each freshly prepared) and the one with the
 * median throughput reported, with the range beside it; errors count over all runs.
 */
async function measureScenario(scenario: Scenario, ctx: BenchContext, options: RunOptions, apiPid: number): Promise<Row> {
  const target = describeTarget(scenario);
  process.stdout.write(`\n${scenario.name}:`);
  const runs: Measurement[] = [];
  try {
    for (let i = 0; i < options.repeat; i++) runs.push(await measureOnce(scenario, ctx, options, apiPid));
  } catch (err) {
    console.log(` could not run: ${(err as Error).message}`);
    return {
      scenario: scenario.name,
      rps: 0,
      p50: 0,
      p99: 0,
      errors: 1,
      non2xx: 0,
      target,
      met: scenario.target && Object.keys(scenario.target).length ? false : null,
    };
  }
  process.stdout.write('\n');
  const byRps = [...runs].sort((x, y) => x.rps - y.rps);
  const median = byRps[Math.floor((byRps.length - 1) / 2)];
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  const non2xx = runs.reduce((n, r) => n + r.non2xx, 0);
  const t = scenario.target ?? {};
  const clean = errors === 0 && non2xx === 0;
  const checks = [
    t.minRps ? median.rps >= t.minRps : null,
    t.maxP99Ms ? median.p99 <= t.maxP99Ms : null,
    t.minPerSecond ? (median.units ?? 0) >= t.minPerSecond : null,
  ].filter((c): c is boolean => c !== null);
  return {
    scenario: scenario.name,
    rps: median.rps,
    rpsRange: runs.length > 1 ? [byRps[0].rps, byRps[byRps.length - 1].rps] : undefined,
    unitsPerSecond: median.units,
    p50: median.p50,
    p99: median.p99,
    errors,
    non2xx,
    cpu: median.cpu,
    target,
    met: checks.length ? clean && checks.every(Boolean) : clean ? null : false,
  };
}

/**
 * With `--prewarm S`, the full checkout flow runs unmeasured for S seconds before the
 * first scenario, so a scenario run alone (`--only`) measures a process whose cart code
 * V8 has compiled, as the full run's later scenarios do. Measured on the checkout flow:
 * the API's CPU per checkout fell from 23.5 ms over
 * the first 200 checkouts to about 9.5 ms after 1 600, while a scenario's own 2 s
 * warm-up covers about 120. Off by default: the warm-up's writes also made the add line
 * item scenario after it cost PostgreSQL more, for a reason not pinned down.
 */
async function prewarmApi(ctx: BenchContext, options: RunOptions): Promise<void> {
  if (options.prewarm <= 0) return;
  const checkout = SCENARIOS.find((s) => s.requestsPerUnit);
  if (!checkout) return;
  process.stdout.write(`\nWarming the API up: ${checkout.name}, ${options.prewarm} s unmeasured...`);
  const { path, ...plan } = await checkout.prepare(ctx);
  await autocannon({ url: `${ctx.base}${path ?? ''}`, connections: options.connections, duration: options.prewarm, ...plan });
  process.stdout.write(' done\n');
}

/**
 * Where the server runs with `autovacuum = off` (the development machines' PostgreSQL
 * does), a function that vacuums and analyzes the bench database, run before each
 * scenario: a production server's autovacuum would have cleaned up after the writes of
 * the scenarios before it (the checkout warm-up alone updates thousands of variant, cart
 * and line rows). Without it, add line item after the warm-up cost PostgreSQL 1.9-3.4 ms
 * per request instead of 1.3-1.6. Undefined where
 * autovacuum runs.
 */
async function vacuumerStandingInForAutovacuum(dbUrl: string): Promise<(() => Promise<void>) | undefined> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const [{ autovacuum }] = (await db.query<{ autovacuum: string }>('SHOW autovacuum')).rows;
    if (autovacuum === 'on') return undefined;
  } finally {
    await db.end();
  }
  console.log('The server runs with autovacuum = off: the bench vacuums and analyzes its database before each scenario.');
  return async () => {
    const client = new Client({ connectionString: dbUrl });
    await client.connect();
    try {
      await client.query('VACUUM (ANALYZE)');
    } finally {
      await client.end();
    }
  };
}

/**
 * `--exports`: an order export and a product export of everything, each a batch job the
 * API runs in its own process, created and polled through the admin API; the time from
 * creation to completion and the API's peak resident memory meanwhile. Exports stream (a
 * page of rows at a time into stored chunks), so the peak must not grow with the shop.
 */
async function runExports(ctx: BenchContext, apiPid: number): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (const type of ['order-export', 'product-export']) {
    process.stdout.write(`\n${type}:`);
    const rssBeforeMb = rssMb(apiPid);
    let peakRssMb = rssBeforeMb;
    const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(apiPid))), 100);
    const started = Date.now();
    try {
      const created = await apiRequest<{ batch_job: { id: string } }>(ctx.base, 'POST', '/admin/batch-jobs', { type, context: {} }, ctx.adminHeaders);
      const id = created.body.batch_job.id;
      for (;;) {
        const { body } = await apiRequest<{ batch_job: { status: string; result?: { count?: number; file_size?: number } } }>(
          ctx.base,
          'GET',
          `/admin/batch-jobs/${id}`,
          undefined,
          ctx.adminHeaders,
        );
        const job = body.batch_job;
        if (job.status === 'completed') {
          const seconds = Math.round((Date.now() - started) / 100) / 10;
          rows.push({
            type,
            seconds,
            rows: job.result?.count,
            fileMb: job.result?.file_size ? Math.round((job.result.file_size / 1024 / 1024) * 10) / 10 : undefined,
            rssBeforeMb,
            peakRssMb,
          });
          process.stdout.write(` ${seconds} s, ${job.result?.count ?? '?'} rows, RSS ${rssBeforeMb} -> peak ${peakRssMb} MB`);
          break;
        }
        if (job.status === 'failed' || job.status === 'canceled') throw new Error(`${type} ended ${job.status}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      clearInterval(sampler);
    }
  }
  process.stdout.write('\n');
  return rows;
}

/** Loads a fresh data set of `customers` into `database`, boots the API on it and runs the scenarios. */
async function runScenarios(serverUrl: string, database: string, options: RunOptions): Promise<RunResult> {
  const { customers, only } = options;
  const { dbUrl, data } = options.scale
    ? await ensureScaleDatabase(serverUrl, database, options.scale, { rebuild: options.rebuild })
    : await freshBenchDatabase(serverUrl, database, { ...DEFAULT_SIZE, customers });
  // Before the API starts, on an otherwise idle machine: how fast it is today.
  const machine = await calibrateMachine(dbUrl);
  console.log(describeCalibration(machine));

  // BENCH_API_NODE_FLAGS adds flags for a diagnosis run, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeFlags = [...productionNodeFlags(), ...(process.env.BENCH_API_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [])];
  console.log(`Starting the API: node ${[...nodeFlags, 'dist/src/main.js'].join(' ')}`);
  const stripeFake = new StripeFake();
  const stripeEnv = { STRIPE_API_KEY: stripeFake.apiKey, STRIPE_API_BASE_URL: await stripeFake.start(), STRIPE_API_BASE_URL_FOR_BENCH: 'true' };
  const api = await startApi({ dbUrl, nodeFlags, env: stripeEnv }).catch(async (err: Error) => {
    await stripeFake.stop();
    throw err;
  });
  const { child, base } = api;
  try {
    const adminHeaders = await createBenchAdmin(dbUrl);
    const probe = await fetch(`${base}/admin/currencies?limit=1`, { headers: adminHeaders });
    if (!probe.ok) throw new Error(`admin API token rejected: ${probe.status}`);
    const ctx: BenchContext = { base, adminHeaders, ...data, stripeFake };

    const vacuum = await vacuumerStandingInForAutovacuum(dbUrl);
    await prewarmApi(ctx, options);
    const rows: Row[] = [];
    const chosen = SCENARIOS.filter((s) => (!only || only.split('|').some((part) => s.name.includes(part))) && (options.scale || !s.scaleOnly));
    for (const scenario of chosen) {
      await vacuum?.();
      rows.push(await measureScenario(scenario, ctx, options, child.pid!));
    }
    const rss = rssMb(child.pid!);
    const exports = options.exports ? await runExports(ctx, child.pid!) : undefined;
    return { rows, rss, rssAfterExports: exports && rssMb(child.pid!), exports, nodeFlags, machine };
  } finally {
    await api.stop();
    await stripeFake.stop();
  }
}

function resultLabel(met: boolean | null): string {
  return met === null ? '-' : met ? 'met' : 'MISSED';
}

function writeResults(date: string, json: unknown, table: string): void {
  mkdirSync(join(process.cwd(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(process.cwd(), 'bench', 'results', `${date}.json`), JSON.stringify(json, null, 2));
  writeFileSync(join(process.cwd(), 'bench', 'results', `${date}.md`), `${table}\n`);
  console.log(`\n${table}\n\nWritten to bench/results/${date}.json and .md`);
}

/**
 * `--scaling`: the customer search scenarios over SCALING_SMALL and then SCALING_LARGE
 * customers, each on a freshly loaded data set, and the ratio of their p50 latencies
 * against each scenario's maxP50Ratio.
 */
async function runScaling(serverUrl: string, database: string, options: RunOptions, date: string): Promise<void> {
  const only = options.only || 'customers with q';
  const small = await runScenarios(serverUrl, database, { ...options, only, customers: SCALING_SMALL });
  const large = await runScenarios(serverUrl, database, { ...options, only, customers: SCALING_LARGE });
  const rows = small.rows.map((s) => {
    const l = large.rows.find((r) => r.scenario === s.scenario)!;
    const maxRatio = SCENARIOS.find((sc) => sc.name === s.scenario)?.target?.maxP50Ratio;
    const ratio = s.p50 > 0 ? Math.round((l.p50 / s.p50) * 10) / 10 : Infinity;
    const clean = s.errors + s.non2xx + l.errors + l.non2xx === 0;
    return { scenario: s.scenario, small: s, large: l, ratio, maxRatio, met: maxRatio === undefined ? (clean ? null : false) : clean && ratio <= maxRatio };
  });
  const table = [
    `| scenario | req/s ${SCALING_SMALL} | p50 ms ${SCALING_SMALL} | req/s ${SCALING_LARGE} | p50 ms ${SCALING_LARGE} | p50 ratio | target | result |`,
    `|---|---:|---:|---:|---:|---:|---|---|`,
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.small.rps} | ${r.small.p50} | ${r.large.rps} | ${r.large.p50} | ${r.ratio}× | ${r.maxRatio ? `<= ${r.maxRatio}×` : '-'} | ${resultLabel(r.met)} |`,
    ),
  ].join('\n');
  writeResults(
    date,
    { date, mode: 'scaling', ...options, only, nodeFlags: large.nodeFlags, machine: [small.machine, large.machine], rows },
    `${table}\n\n${describeCalibration(large.machine)}`,
  );
}

async function main(): Promise<void> {
  const options: RunOptions = {
    customers: Number(flag('customers', String(DEFAULT_SIZE.customers))),
    duration: Number(flag('duration', '10')),
    connections: Number(flag('connections', '10')),
    warmup: Number(flag('warmup', '2')),
    prewarm: Number(flag('prewarm', '0')),
    only: flag('only', ''),
    repeat: Math.max(1, Number(flag('repeat', '1'))),
    scale: process.argv.includes('--scale') ? Number(flag('scale', '1')) : undefined,
    rebuild: process.argv.includes('--rebuild'),
    exports: process.argv.includes('--exports'),
  };

  let serverUrl = process.env.DATABASE_URL;
  let embedded: { stop(): Promise<void> } | undefined;
  if (!serverUrl) {
    const db = await startEmbeddedPostgres({ dataDir: '.data/bench-postgres', port: 0, database: 'postgres' });
    embedded = db;
    serverUrl = db.url;
  }
  // BENCH_DB lets several benchmark runs share one PostgreSQL server without dropping each other's data.
  const database = process.env.BENCH_DB ?? (options.scale ? 'medusa_scale' : 'medusa_bench');
  const date = new Date().toISOString().replace(/[:.]/g, '-');
  try {
    if (process.argv.includes('--scaling')) return await runScaling(serverUrl, database, options, date);
    const { rows, rss, rssAfterExports, exports, nodeFlags, machine } = await runScenarios(serverUrl, database, options);
    const table = [
      `| scenario | req/s | units/s | p50 ms | p99 ms | errors | non-2xx | API CPU ms/req | PG CPU ms/req | load gen. CPU ms/req | machine busy % | target | result |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|`,
      ...rows.map(
        (r) =>
          `| ${r.scenario} | ${r.rps}${r.rpsRange ? ` (${r.rpsRange[0]}-${r.rpsRange[1]})` : ''} | ${r.unitsPerSecond ?? ''} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.cpu?.apiMs ?? ''} | ${r.cpu?.postgresMs ?? ''} | ${r.cpu?.loadGeneratorMs ?? ''} | ${r.cpu?.machineBusyPercent ?? ''} | ${r.target} | ${resultLabel(r.met)} |`,
      ),
      `| resident memory after the run | | | | | | | | | | | <= 200 MB | ${rss} MB ${rss <= 200 ? 'met' : 'MISSED'} |`,
      '',
      ...(exports
        ? [
            `| export | seconds | rows | file MB | API RSS before MB | API peak RSS MB |`,
            `|---|---:|---:|---:|---:|---:|`,
            ...exports.map((e) => `| ${e.type} | ${e.seconds} | ${e.rows ?? ''} | ${e.fileMb ?? ''} | ${e.rssBeforeMb} | ${e.peakRssMb} |`),
            '',
            `API resident memory after the exports: ${rssAfterExports} MB`,
            '',
          ]
        : []),
      `${options.scale ? `scale data set N=${options.scale} (bench/scale-dataset.ts); ` : ''}options: ${options.duration} s per scenario after ${options.warmup} s of warm-up, ${options.connections} connections, ${options.prewarm} s of checkout flows before the first scenario${options.repeat > 1 ? `, ${options.repeat} runs per scenario` : ''}`,
      '',
      describeCalibration(machine),
    ].join('\n');
    writeResults(date, { date, ...options, nodeFlags, machine, rows, rssMb: rss, exports, rssAfterExportsMb: rssAfterExports }, table);
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

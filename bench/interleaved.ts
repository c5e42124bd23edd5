/**
 * `npm run bench:interleaved`: is a change worth its code? Runs several builds or
 * settings of the API side by side on one data set and compares the API's CPU time per
 * request on the headline scenarios (or `--only`).
 *
 *   --variant <name>[@<checkout with a built dist/>][:<ENV>=<value>,...]   (two or more; the first is the baseline)
 *   --only "<part of a scenario name>|..."  --rounds 6  --seconds 2  --customers 10000
 *
 * e.g. `--variant base --variant no-prepared:DB_PREPARED_STATEMENTS=false`, or a patch
 * reverted in another worktree: `--variant base --variant stock@/work/wt/stock`.
 *
 * Why this shape: on the shared 2-core VMs, consecutive bench runs differ by more than the
 * few percent a patch is worth. Here every variant is up at once, and each scenario drives
 * one variant at a time for `--seconds`, in alternating order for `--rounds`, so drift in
 * the machine's speed falls on all variants alike. CPU per request (from /proc) is steadier
 * than req/s. Give the baseline a second copy (`--variant base2`) to see the noise that
 * remains between processes of the same build (their JIT and heap layout differ).
 * That noise is ±10-20 % on the sub-0.1 ms catalogue hits: below it, alternate whole
 * `npm run bench -- --only ...` runs of each build instead. PostgreSQL's CPU cannot be told
 * apart per variant either: compare whole runs for changes on the database side.
 */
import autocannon from 'autocannon';
import { join } from 'path';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { ApiProcess, createBenchAdmin, flag, flags, freshBenchDatabase, productionNodeFlags, startApi } from './api-process';
import { DEFAULT_SIZE } from './dataset';
import { cpuMsOf } from './process-cpu';
import { BenchContext, SCENARIOS } from './scenarios';

const HEADLINE = 'get cart (2 items|create cart|a cart of a few lines|full checkout|list store products|list store collections|list admin currencies';

interface Variant {
  name: string;
  mainJs?: string;
  env: Record<string, string>;
}

function parseVariant(spec: string): Variant {
  const colon = spec.indexOf(':');
  const head = colon < 0 ? spec : spec.slice(0, colon);
  const env = Object.fromEntries(
    (colon < 0 ? '' : spec.slice(colon + 1))
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 1) throw new Error(`--variant ${spec}: settings are ENV=value pairs separated by commas`);
        return [pair.slice(0, eq), pair.slice(eq + 1)];
      }),
  );
  const [name, root] = head.split('@');
  return { name, env, mainJs: root ? join(root, 'dist', 'src', 'main.js') : undefined };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  const variants = flags('variant').map(parseVariant);
  if (variants.length < 2) throw new Error('give at least two --variant');
  const rounds = Number(flag('rounds', '6'));
  const seconds = Number(flag('seconds', '2'));
  const only = flag('only', HEADLINE).split('|');

  let serverUrl = process.env.DATABASE_URL;
  const embedded = serverUrl ? undefined : await startEmbeddedPostgres({ dataDir: '.data/bench-postgres', port: 0, database: 'postgres' });
  serverUrl ??= embedded!.url;
  const apis: Array<{ variant: Variant; api: ApiProcess }> = [];
  try {
    const { dbUrl, data } = await freshBenchDatabase(serverUrl, 'medusa_bench_interleaved', { ...DEFAULT_SIZE, customers: Number(flag('customers', '10000')) });
    const adminHeaders = await createBenchAdmin(dbUrl);
    // One at a time: instances share the database, and a small pool each keeps all of them under max_connections.
    for (const variant of variants) {
      const api = await startApi({ dbUrl, nodeFlags: productionNodeFlags(), mainJs: variant.mainJs, env: { DB_POOL_SIZE: '5', ...variant.env } });
      apis.push({ variant, api });
    }
    for (const scenario of SCENARIOS.filter((s) => only.some((part) => s.name.includes(part)))) {
      const runs = [];
      for (const { variant, api } of apis) {
        const ctx: BenchContext = { base: api.base, adminHeaders, ...data };
        const { path, ...plan } = await scenario.prepare(ctx);
        const url = `${api.base}${path ?? ''}`;
        await autocannon({ url, connections: 10, duration: 1, ...plan });
        runs.push({ variant, api, url, plan, cpuUs: [] as number[] });
      }
      for (let round = 0; round < rounds; round++) {
        for (const run of round % 2 === 0 ? runs : [...runs].reverse()) {
          const before = cpuMsOf(String(run.api.child.pid))!.ms;
          const result = await autocannon({ url: run.url, connections: 10, duration: seconds, ...run.plan });
          const after = cpuMsOf(String(run.api.child.pid))!.ms;
          if (result.non2xx || result.errors) console.log(`  ${run.variant.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          run.cpuUs.push(Math.round(((after - before) * 1000) / Math.max(1, result.requests.total)));
        }
      }
      const baseline = median(runs[0].cpuUs);
      console.log(`\n${scenario.name}: API CPU µs per request, median of ${rounds} (each run)`);
      for (const run of runs) {
        const m = median(run.cpuUs);
        const change = (((m - baseline) / baseline) * 100).toFixed(1);
        console.log(`  ${run.variant.name.padEnd(20)} ${String(m).padStart(6)}  ${change.padStart(6)} %   [${run.cpuUs.join(', ')}]`);
      }
    }
  } finally {
    for (const { api } of apis) await api.stop();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * Soak run (not a test): N minutes of mixed traffic over 2-3 instances of the real
 * server (src/main.ts) against one fresh PostgreSQL database on 127.0.0.1, optionally
 * restarting instances with SIGTERM along the way. Records requests tried, errors,
 * latency (p50/p99, overall and per minute), the RSS of every instance over time, and
 * checks at the end that everything created with a 200 is in the database.
 *
 *   node -r ./scripts/swc-register.js scripts/soak.ts --minutes 10 --instances 3 --restart-every 2
 *
 * Flags: --minutes (10), --instances (3), --concurrency (8 request loops), --restart-every
 * N minutes (0: no restarts), --pg (PostgreSQL server URL, 127.0.0.1 only; default
 * $SOAK_PG_URL or postgres://postgres@127.0.0.1:5432/postgres), --out FILE (JSON result),
 * --keep-db. Results are recorded in docs/reliability.md.
 */
import { randomBytes } from 'crypto';
import { readFileSync, writeFileSync } from 'fs';
import { Client } from 'pg';
import { parseArgs } from 'util';
import { runMigrations } from '../src/database/migrate';
import { databaseUrl } from '../test/helpers/db-urls';
import { ServerProcess, startServerProcess } from '../test/helpers/server-process';
import { call, Outcome } from './soak/client';
import { pickScenario, SCENARIOS, SoakContext } from './soak/scenarios';
import { SoakStats } from './soak/stats';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    instances: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    'restart-every': { type: 'string', default: '0' },
    pg: { type: 'string', default: process.env.SOAK_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    out: { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
  },
});
const minutes = Number(flags.minutes);
const instanceCount = Math.min(3, Math.max(2, Number(flags.instances)));
const concurrency = Math.max(1, Number(flags.concurrency));
const restartEveryMs = Number(flags['restart-every']) * 60_000;

const INSTANCE_ENV = {
  NODE_ENV: 'production',
  // Shared by every instance (sessions move between them), never published.
  SESSION_SECRET: randomBytes(32).toString('hex'),
  JWT_SECRET: randomBytes(32).toString('hex'),
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
  DB_POOL_SIZE: '10',
  // Every soak request comes from 127.0.0.1: the failed-login and registration limits would stop the run.
  LOGIN_THROTTLE_LIMIT: '100000000',
  LOGIN_THROTTLE_ADDRESS_LIMIT: '100000000',
  REGISTRATION_THROTTLE_LIMIT: '100000000',
};

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

interface Instance {
  index: number;
  server: ServerProcess;
  up: boolean;
  rss: Array<{ atSeconds: number; mb: number }>;
}

async function main(): Promise<void> {
  const serverUrl = new URL(flags.pg!);
  if (!['127.0.0.1', 'localhost', '::1'].includes(serverUrl.hostname)) throw new Error('--pg must point at 127.0.0.1');
  const dbName = `soak_${Date.now().toString(36)}`;
  const dbUrl = databaseUrl(flags.pg!, dbName);
  const admin = new Client({ connectionString: flags.pg });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const instances: Instance[] = [];
  let stats = new SoakStats();
  let retries = 0;
  const restarts: Array<{ instance: number; exitCode: number | null; downSeconds: number }> = [];

  try {
    await runMigrations(dbUrl);
    log(`database ${dbName} migrated; starting ${instanceCount} instances...`);
    for (let i = 0; i < instanceCount; i++) {
      // The first one loads the demo data (regions, products, the demo admin) at boot.
      const server = await startServerProcess(dbUrl, { ...INSTANCE_ENV, SEED_DEMO: i === 0 ? 'true' : 'false' }, 90_000);
      instances.push({ index: i, server, up: true, rss: [] });
      log(`  instance ${i + 1}: ${server.url} (pid ${server.pid})`);
    }

    // Load-balancer-like client: round robin over live instances; a refused connection
    // (instance restarting) goes to the next one, as nginx's proxy_next_upstream does; an
    // instance whose /health says it is shutting down leaves the rotation (active health check).
    let next = 0;
    const send: SoakContext['send'] = async (scenario, method, path, options = {}) => {
      let outcome: Outcome | undefined;
      for (let attempt = 0; attempt < instances.length; attempt++) {
        const live = instances.filter((x) => x.up);
        const target = live.length ? live[next++ % live.length] : instances[next++ % instances.length];
        outcome = await call(target.server.url, method, path, options);
        const refused = outcome.status === 0 && /ECONNREFUSED/.test(outcome.detail ?? '');
        const resetIdle = outcome.status === 0 && method === 'GET' && /UND_ERR_SOCKET|ECONNRESET/.test(outcome.detail ?? '');
        // Its health check says it is draining: take it out of the rotation until it is back.
        const draining = path === '/health' && outcome.status === 503 && /shutting down/.test(outcome.detail ?? '');
        if (draining) target.up = false;
        if (!refused && !resetIdle && !draining) break;
        retries++;
      }
      stats.record(scenario, outcome!.ms, outcome!.ok, outcome!.detail);
      return outcome!;
    };

    const base = instances[0].server.url;
    const token = await call(base, 'POST', '/admin/auth/token', { body: { email: 'admin@medusa-test.com', password: 'supersecret' } });
    const regions = await call(base, 'GET', '/store/regions');
    const products = await call(base, 'GET', '/store/products?limit=100');
    const productList = (products.body as { products?: Array<{ id: string; variants?: Array<{ id: string }> }> }).products ?? [];
    const ctx: SoakContext = {
      send,
      adminJwt: (token.body as { access_token?: string }).access_token ?? '',
      regionIds: ((regions.body as { regions?: Array<{ id: string }> }).regions ?? []).map((r) => r.id),
      productIds: productList.map((p) => p.id),
      variantIds: productList.flatMap((p) => (p.variants ?? []).map((v) => v.id)),
      created: { customerEmails: [], cartIds: [] },
    };
    if (!ctx.adminJwt || !ctx.regionIds.length || !ctx.productIds.length || !ctx.variantIds.length) {
      throw new Error(`setup failed: token ${token.status}, regions ${regions.status}, products ${products.status} (${productList.length})`);
    }

    const startedAt = Date.now();
    stats = new SoakStats(startedAt);
    const endAt = startedAt + minutes * 60_000;
    log(
      `running ${minutes} min, ${concurrency} request loops, ${SCENARIOS.length} scenarios${restartEveryMs ? `, one instance restarted every ${restartEveryMs / 60_000} min` : ''}`,
    );

    const sampler = setInterval(() => {
      for (const x of instances) if (x.up) x.rss.push({ atSeconds: Math.round((Date.now() - startedAt) / 1000), mb: rssMb(x.server.pid) });
    }, 10_000);
    const progress = setInterval(() => {
      const o = stats.overall();
      log(
        `  ${Math.round((Date.now() - startedAt) / 1000)} s: ${o.requests} requests, ${o.errors} errors, p99 ${o.p99.toFixed(1)} ms, RSS ${instances.map((x) => rssMb(x.server.pid)).join('/')} MB`,
      );
    }, 30_000);

    const restarter = (async () => {
      if (!restartEveryMs) return;
      for (let k = 0; Date.now() + restartEveryMs < endAt; k++) {
        await sleep(restartEveryMs);
        const x = instances[k % instances.length];
        const down = Date.now();
        process.kill(x.server.pid, 'SIGTERM');
        const { code } = await x.server.exited;
        x.up = false;
        x.server = await startServerProcess(dbUrl, { ...INSTANCE_ENV, SEED_DEMO: 'false' }, 90_000, x.server.port);
        x.up = true;
        restarts.push({ instance: x.index + 1, exitCode: code, downSeconds: Math.round((Date.now() - down) / 100) / 10 });
        log(`  restarted instance ${x.index + 1}: SIGTERM exit code ${code}, back after ${restarts[restarts.length - 1].downSeconds} s`);
      }
    })();

    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (Date.now() < endAt) await pickScenario(SCENARIOS).run(ctx);
      }),
    );
    await restarter;
    clearInterval(sampler);
    clearInterval(progress);

    // Data lost: everything the API confirmed must be in the database.
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    const [{ customers }] = (
      await db.query(`SELECT count(*)::int AS customers FROM customer WHERE email = ANY($1) AND has_account`, [ctx.created.customerEmails])
    ).rows;
    const [{ carts }] = (await db.query(`SELECT count(*)::int AS carts FROM cart WHERE id = ANY($1)`, [ctx.created.cartIds])).rows;
    await db.end();

    const overall = stats.overall();
    const result = {
      minutes,
      instances: instanceCount,
      concurrency,
      ...overall,
      requestsPerSecond: Math.round(overall.requests / (minutes * 60)),
      retriedOnAnotherInstance: retries,
      restarts,
      dataLost: {
        customersConfirmed: ctx.created.customerEmails.length,
        customersMissing: ctx.created.customerEmails.length - customers,
        cartsConfirmed: ctx.created.cartIds.length,
        cartsMissing: ctx.created.cartIds.length - carts,
      },
      byScenario: Object.fromEntries(stats.byScenario),
      perMinute: stats.perMinute(),
      rss: instances.map((x) => ({ instance: x.index + 1, samples: x.rss })),
      errorSamples: stats.errorSamples,
    };
    log(`\n${JSON.stringify({ ...result, rss: result.rss.map((r) => ({ instance: r.instance, mb: r.samples.map((s) => s.mb).join(' ') })) }, null, 2)}`);
    if (flags.out) writeFileSync(flags.out, JSON.stringify(result, null, 2));
    process.exitCode = overall.errors === 0 && result.dataLost.customersMissing === 0 && result.dataLost.cartsMissing === 0 ? 0 : 1;
  } finally {
    await Promise.all(
      instances.map(async (x) => {
        if (x.server.child.exitCode === null) process.kill(x.server.pid, 'SIGTERM');
        await Promise.race([x.server.exited, sleep(20_000)]);
        await x.server.kill();
      }),
    );
    if (!flags['keep-db']) await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  process.stderr.write(`soak failed: ${err?.stack ?? err}\n`);
  process.exit(1);
});

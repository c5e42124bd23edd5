import { Client } from 'pg';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { exitWithin, ServerProcess, startServerProcess } from '../../helpers/server-process';

/**
 * SIGTERM to the real server process (src/main.ts, as `npm start` runs it): requests
 * already in flight finish with 2xx (and `Connection: close`), new connections are
 * refused at once, even from a client polling over a kept-alive connection, then the
 * process exits 0. In production the listener closes only after a drain period
 * (SHUTDOWN_DRAIN_MS) during which /health is 503 and every response says
 * `Connection: close`. The in-flight requests are made slow on purpose: the test holds a lock
 * on the region table, so they are provably inside the database when SIGTERM arrives.
 */
const IN_FLIGHT = 8;

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Graceful shutdown on SIGTERM', () => {
  let dbName: string;
  let url: string;
  const servers: ServerProcess[] = [];
  let locker: Client | undefined;
  let observer: Client | undefined;

  beforeAll(async () => {
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
  }, 120_000);

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await observer?.end().catch(() => undefined);
    for (const server of servers) await server.kill();
    await dropTestDatabase(dbName);
  });

  const boot = async (env: Record<string, string>) => {
    const server = await startServerProcess(url, { DB_POOL_SIZE: String(IN_FLIGHT + 2), ...env });
    servers.push(server);
    return server;
  };

  it('finishes in-flight requests, refuses new connections, and exits 0', async () => {
    const server = await boot({ SHUTDOWN_DRAIN_MS: '0' });
    expect((await server.fetch(`/store/regions`)).status).toBe(200);

    locker = new Client({ connectionString: url });
    await locker.connect();
    observer = new Client({ connectionString: url });
    await observer.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "region" IN ACCESS EXCLUSIVE MODE');

    const inFlight = Array.from({ length: IN_FLIGHT }, () =>
      server.fetch(`/store/regions`).then(async (r) => ({
        status: r.status,
        connection: r.headers.get('connection'),
        body: (await r.json()) as { regions?: unknown[] },
      })),
    );
    // Every one of them is waiting on the lock inside PostgreSQL. (Asked on another
    // connection: inside the locker's transaction pg_stat_activity is a frozen snapshot.)
    await until(
      `${IN_FLIGHT} requests blocked in the database`,
      async () => {
        const { rows } = await observer!.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'medusa-compatible-api' AND wait_event_type = 'Lock'`,
          [dbName],
        );
        return rows[0].n >= IN_FLIGHT;
      },
      30_000,
    );

    process.kill(server.pid, 'SIGTERM');

    // The listener closes at once: a new connection is refused while the old requests still wait.
    await until('new connections to be refused', () =>
      server.fetch(`/health`, { signal: AbortSignal.timeout(1000) }).then(
        () => false,
        (err) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
      ),
    );
    expect(server.child.exitCode).toBeNull();

    await locker.query('COMMIT');
    const results = await Promise.all(inFlight);
    expect(results.map((r) => r.status)).toEqual(Array(IN_FLIGHT).fill(200));
    expect(results.every((r) => Array.isArray(r.body.regions))).toBe(true);
    // Answered after the listener closed: the keep-alive connections are told to go.
    expect(results.map((r) => r.connection)).toEqual(Array(IN_FLIGHT).fill('close'));

    const exit = await exitWithin(server.exited, 20_000);
    expect({ exit, output: exit === 'timeout' || exit.code !== 0 ? server.output() : '' }).toEqual({ exit: { code: 0, signal: null }, output: '' });
    expect(server.output()).toContain('SIGTERM received');
  }, 120_000);

  it('first drains for SHUTDOWN_DRAIN_MS: still serving, /health 503, every connection told to close', async () => {
    // Long enough that the checks below (each a request to a process the machine may be slow
    // to schedule) all fall inside the window on a loaded machine.
    const drainMs = 8_000;
    const server = await boot({ SHUTDOWN_DRAIN_MS: String(drainMs) });
    expect((await server.fetch(`/health`)).headers.get('connection')).toBe('keep-alive');

    const signalled = Date.now();
    process.kill(server.pid, 'SIGTERM');
    await until('/health to report the shutdown', async () => (await server.fetch(`/health`, { signal: AbortSignal.timeout(2000) })).status === 503, drainMs);
    const health = await server.fetch(`/health`);
    expect({ status: health.status, connection: health.headers.get('connection'), body: await health.json() }).toEqual({
      status: 503,
      connection: 'close',
      body: { type: 'service_unavailable', message: 'The service is shutting down.' },
    });
    const served = await server.fetch(`/store/regions`);
    expect({ status: served.status, connection: served.headers.get('connection') }).toEqual({ status: 200, connection: 'close' });

    await until(
      'new connections to be refused',
      () =>
        server.fetch(`/health`, { signal: AbortSignal.timeout(2000) }).then(
          () => false,
          (err) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
        ),
      drainMs + 20_000,
    );
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(drainMs);
    const exit = await exitWithin(server.exited, 20_000);
    expect(exit).toEqual({ code: 0, signal: null });
  }, 120_000);
});

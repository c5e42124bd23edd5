import { connect, Socket } from 'net';
import { Client } from 'pg';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { exitWithin, ServerProcess, startServerProcess } from '../../helpers/server-process';

/**
 * SIGTERM to the real server process (src/main.ts, as `npm start` runs it): requests
 * already in flight finish with 2xx (and `Connection: close`), new connections are
 * refused at once, even from a client polling over a kept-alive connection, then the
 * process exits 0. With a drain period (SHUTDOWN_DRAIN_MS, 6 s in production) the listener
 * still closes at once; requests arriving on kept-alive connections during it are answered
 * (/health 503, every response `Connection: close`), idle ones are closed after it. The in-flight requests are made slow on purpose: the test holds a lock
 * on the region table, so they are provably inside the database when SIGTERM arrives.
 */
const IN_FLIGHT = 8;

/** One raw HTTP/1.1 keep-alive connection: what a proxy holds, without a client library's pooling. */
class KeptAlive {
  private received = '';
  private waiting?: () => void;
  /** 'end' when the server closed it cleanly, 'reset' on ECONNRESET. */
  readonly closed: Promise<'end' | 'reset'>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.received += chunk;
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNRESET' ? 'reset' : 'end'));
      socket.once('end', () => resolve('end'));
    });
  }

  static open(port: number): Promise<KeptAlive> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(new KeptAlive(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a GET and resolves with the whole response (a JSON body with Content-Length). */
  async get(path: string): Promise<{ head: string; body: string }> {
    this.received = '';
    this.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    for (;;) {
      const split = this.received.indexOf('\r\n\r\n');
      if (split >= 0) {
        const head = this.received.slice(0, split);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        const body = this.received.slice(split + 4);
        if (Buffer.byteLength(body) >= length) return { head, body };
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }
}

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

  it('with SHUTDOWN_DRAIN_MS: refuses new connections at once, answers requests arriving on kept-alive ones (503 /health, Connection: close), closes idle ones cleanly, exits once none is left', async () => {
    // Long enough that the checks below (each a request to a process the machine may be slow
    // to schedule) all fall inside the window on a loaded machine.
    const drainMs = 8_000;
    const server = await boot({ SHUTDOWN_DRAIN_MS: String(drainMs) });
    // Two kept-alive connections, as a proxy holds them: one used again during the drain, one left idle.
    const used = await KeptAlive.open(server.port);
    const idle = await KeptAlive.open(server.port);
    for (const connection of [used, idle]) expect((await connection.get('/health')).head).toMatch(/^HTTP\/1\.1 200 [^]*connection: keep-alive/i);

    const signalled = Date.now();
    process.kill(server.pid, 'SIGTERM');
    await until(
      'new connections to be refused',
      () =>
        fetch(`${server.url}/health`, { signal: AbortSignal.timeout(2000) }).then(
          () => false,
          (err) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED',
        ),
      drainMs,
    );
    // Still inside the drain: a request on a kept-alive connection is answered, and the connection closed after it.
    const health = await used.get('/health');
    expect(Date.now() - signalled).toBeLessThan(drainMs);
    expect({ head: health.head.split('\r\n')[0], connection: /connection: close/i.test(health.head), body: JSON.parse(health.body) }).toEqual({
      head: 'HTTP/1.1 503 Service Unavailable',
      connection: true,
      body: { type: 'service_unavailable', message: 'The service is shutting down.' },
    });
    await used.closed;

    // The idle connection is closed, not reset (here by the server's 5 s keep-alive timeout,
    // shorter than this drain); with no connection left the drain ends early and the process exits.
    expect(await idle.closed).toBe('end');
    const exit = await exitWithin(server.exited, 20_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(drainMs);
  }, 120_000);
});

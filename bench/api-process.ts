/**
 * What the bench harnesses share: the command-line flags, a fresh data set in its own
 * database, the API booted as `npm run start:prod` boots it, and the admin API token the
 * admin scenarios authenticate with.
 */
import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { readFileSync } from 'fs';
import { createServer } from 'net';
import { join } from 'path';
import { Client } from 'pg';
import { hashPassword } from '../src/common/auth/password-hasher';
import { runMigrations } from '../src/database/migrate';
import { DatasetSize, DEFAULT_SIZE, loadDataset } from './dataset';
import type { BenchContext } from './scenarios';

export function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Every value of a flag given several times (`--variant a --variant b`). */
export function flags(name: string): string[] {
  return process.argv.flatMap((arg, i) => (arg === `--${name}` && process.argv[i + 1] !== undefined ? [process.argv[i + 1]] : []));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the app did not become healthy in 60 s');
}

/**
 * The Node flags production runs the API with: those of `npm run start:prod` (the
 * Dockerfile's CMD uses the same), so the benchmark measures that process, heap cap included.
 */
export function productionNodeFlags(): string[] {
  const scripts = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).scripts as Record<string, string>;
  const words = scripts['start:prod'].split(/\s+/);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

/** Recreates `database` on the server, migrates it and loads the generated data set. */
export async function freshBenchDatabase(
  serverUrl: string,
  database: string,
  size: DatasetSize,
): Promise<{ dbUrl: string; data: Omit<BenchContext, 'base' | 'adminHeaders'> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error('the bench database must be a plain lower-case identifier');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const dbUrl = url.toString();
  console.log(`Migrating and loading the data set (${size.customers} customers)...`);
  await runMigrations(dbUrl);
  const data = await loadDataset(dbUrl, { ...DEFAULT_SIZE, ...size }, console.log);
  return { dbUrl, data };
}

export interface ApiProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Boots a built API (`<root>/dist/src/main.js`, this checkout's by default) in production mode. */
export async function startApi(options: { dbUrl: string; nodeFlags: string[]; env?: Record<string, string>; mainJs?: string }): Promise<ApiProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...options.nodeFlags, options.mainJs ?? join(__dirname, '..', 'src', 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: options.dbUrl,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOGIN_THROTTLE_LIMIT: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitForHealth(base, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, base, stop };
}

/**
 * An API token, as an integration calls the admin API: in production the session cookie
 * is Secure and never set over the bench's plain HTTP, so a cookie login would 401.
 */
export async function createBenchAdmin(dbUrl: string): Promise<Record<string, string>> {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO "user" (id, email, role, password_hash, api_token) VALUES ('usr_bench', 'bench@admin.example', 'admin', $1, 'bench-api-token')
       ON CONFLICT (id) DO NOTHING`,
      [await hashPassword('bench-password')],
    );
  } finally {
    await db.end();
  }
  return { 'x-medusa-access-token': 'bench-api-token' };
}

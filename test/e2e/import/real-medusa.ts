import { spawn, spawnSync, type ChildProcess } from 'child_process';
import { existsSync, mkdirSync, writeFileSync } from 'fs';
import { connect } from 'net';
import { join, resolve } from 'path';

/** The Medusa v1 release the import is checked against, and what it needs to run (pinned). */
export const MEDUSA_VERSION = '1.20.10';
const PACKAGES = [
  `@medusajs/medusa@${MEDUSA_VERSION}`,
  '@medusajs/medusa-cli@1.3.23',
  '@medusajs/event-bus-local@1.9.9',
  '@medusajs/cache-inmemory@1.8.11',
  'medusa-interfaces@1.3.10',
  'medusa-fulfillment-manual@1.1.41',
  'medusa-payment-manual@1.0.25',
  'typeorm@0.3.20',
];

/** Installed once per machine and kept: later runs start in seconds. */
export const MEDUSA_DIR = resolve(__dirname, `../../../.data/medusa-v1-${MEDUSA_VERSION}`);

const CONFIG = `module.exports = {
  projectConfig: { database_url: process.env.DATABASE_URL, database_type: 'postgres', redis_url: process.env.REDIS_URL },
  plugins: ['medusa-fulfillment-manual', 'medusa-payment-manual'],
  modules: {},
  featureFlags: {},
};
`;

/**
 * Installs Medusa into MEDUSA_DIR unless it is there; returns why it cannot run, or null.
 * Synchronous so the spec can decide at collection time whether to run or skip visibly.
 */
export function installMedusa(): string | null {
  if (process.env.MEDUSA_REAL_TEST === 'skip') return 'MEDUSA_REAL_TEST=skip';
  const marker = join(MEDUSA_DIR, '.installed');
  if (!existsSync(marker)) {
    mkdirSync(MEDUSA_DIR, { recursive: true });
    writeFileSync(join(MEDUSA_DIR, 'package.json'), JSON.stringify({ name: 'medusa-v1-for-import-tests', version: '1.0.0', private: true }));
    const run = spawnSync('npm', ['install', ...PACKAGES, '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
      cwd: MEDUSA_DIR,
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (run.status !== 0)
      return `npm install of @medusajs/medusa@${MEDUSA_VERSION} failed: ${(run.stderr || run.error?.message || '').trim().split('\n').slice(-3).join(' ')}`;
    writeFileSync(marker, new Date().toISOString());
  }
  writeFileSync(join(MEDUSA_DIR, 'medusa-config.js'), CONFIG);
  return null;
}

/** Medusa's own CLI, as a shop runs it (`medusa migrations run`, `medusa seed -f`). */
export function medusaCli(args: string[], env: Record<string, string>): void {
  const run = spawnSync(process.execPath, [join(MEDUSA_DIR, 'node_modules/@medusajs/medusa-cli/cli.js'), ...args], {
    cwd: MEDUSA_DIR,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (run.status !== 0) throw new Error(`medusa ${args.join(' ')} failed (${run.status ?? run.signal}): ${(run.stdout + run.stderr).slice(-2000)}`);
}

export async function startMedusa(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(MEDUSA_DIR, 'node_modules/@medusajs/medusa-cli/cli.js'), 'start', '-p', String(port)], {
    cwd: MEDUSA_DIR,
    env: { ...process.env, ...env, NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`medusa start exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return child;
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGKILL');
  throw new Error('medusa start did not answer /health within 120 s');
}

export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      done(true);
    });
    socket.on('error', () => done(false));
    socket.on('timeout', () => {
      socket.destroy();
      done(false);
    });
  });
}

/** A client of Medusa's HTTP API keeping its session cookie, as a browser would. */
export class MedusaClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  async req<T = Record<string, any>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookies = res.headers.getSetCookie();
    if (cookies.length) this.cookie = cookies.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (res.status >= 400) throw new Error(`Medusa ${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }
}

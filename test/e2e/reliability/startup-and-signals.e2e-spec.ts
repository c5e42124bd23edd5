import { spawn } from 'child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { exitWithin, freePort, startServerProcess } from '../../helpers/server-process';

const ROOT = resolve(__dirname, '../../..');

/**
 * Ctrl-C on `npm start` reaches both npm and node, and npm passes it on: node sees SIGINT
 * twice at once and must still shut down gracefully (exit 0). Without DATABASE_URL where the
 * embedded PostgreSQL's binaries are not installed (the Docker image), one line says a
 * database is needed. Started as root with the
 * embedded PostgreSQL in a folder the `postgres` user cannot enter, the start fails with
 * one line of advice, no stack trace, and leaves no password file in the temp folder.
 */
describe('Ctrl-C delivered twice', () => {
  let dbName: string;

  beforeAll(async () => {
    dbName = await createTestDatabase();
  }, 60_000);
  afterAll(() => dropTestDatabase(dbName));

  it('shuts down gracefully, as for one signal', async () => {
    const server = await startServerProcess(databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName), {}, 90_000);
    try {
      server.child.kill('SIGINT');
      await new Promise((r) => setTimeout(r, 30));
      server.child.kill('SIGINT');
      const exit = await exitWithin(server.exited, 30_000);
      expect(exit).toEqual({ code: 0, signal: null });
      expect(server.output().match(/SIGINT received: shutting down/g)).toHaveLength(1);
      expect(server.output()).not.toContain('exiting without waiting');
      // No admin yet: the banner names the compiled CLI, which works in the Docker image too (no nest CLI there).
      expect(server.output()).toContain('Admin login  create one with: node dist/src/cli/user.js --email you@example.com --password <password>');
    } finally {
      await server.kill();
    }
  }, 120_000);
});

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

(asRoot ? describe : describe.skip)('Embedded PostgreSQL in a folder the postgres user cannot enter (as root)', () => {
  let locked: string;

  beforeAll(() => {
    locked = mkdtempSync(join(tmpdir(), 'locked-'));
    chmodSync(locked, 0o700);
  });
  afterAll(() => rmSync(locked, { recursive: true, force: true }));

  it('fails with one line of advice, no stack trace, and no password file left behind', async () => {
    // A temp folder of its own, so files other processes leave in /tmp do not count.
    const childTmp = mkdtempSync(join(tmpdir(), 'startup-tmp-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      EMBEDDED_PG_DIR: join(locked, 'pg'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      TMPDIR: childTmp,
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['-r', join(ROOT, 'scripts', 'swc-register.js'), join(ROOT, 'src', 'main.ts')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    const code = await exitWithin(exited, 60_000);
    if (code === 'timeout') child.kill('SIGKILL');
    expect(code).toBe(1);
    const failure = output.split('\n').filter((l) => l.startsWith('Failed to start:'));
    expect(failure).toEqual([expect.stringContaining(`cannot enter ${locked}: move the checkout (or set EMBEDDED_PG_DIR)`)]);
    expect(output).not.toMatch(/^\s+at /m);
    expect(readdirSync(childTmp)).toEqual([]);
    rmSync(childTmp, { recursive: true, force: true });
  }, 90_000);
});

describe('Started without DATABASE_URL where the embedded PostgreSQL is not installed (the Docker image)', () => {
  it('fails with one line saying a database is needed, creates no data folder, and prints no stack trace', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'no-database-'));
    // As the image runs: production, the two secrets given (so nothing is written for development secrets).
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      JWT_SECRET: `${secret}-jwt`,
      PORT: String(await freePort()),
    };
    delete env.DATABASE_URL;
    delete env.EMBEDDED_PG_DIR;
    const child = spawn(
      process.execPath,
      ['-r', join(ROOT, 'test', 'helpers', 'without-embedded-postgres.js'), '-r', join(ROOT, 'scripts', 'swc-register.js'), join(ROOT, 'src', 'main.ts')],
      { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout!.on('data', (c) => (output += c));
    child.stderr!.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    const code = await exitWithin(exited, 60_000);
    if (code === 'timeout') child.kill('SIGKILL');
    expect({ code, failure: output.split('\n').filter((l) => l.startsWith('Failed to start:')) }).toEqual({
      code: 1,
      failure: [expect.stringMatching(/^Failed to start: a database is needed: set DATABASE_URL \(postgres:\/\/user:password@host:5432\/database\)\. /)],
    });
    expect(output).not.toMatch(/^\s+at /m);
    // The data folder the embedded database would have used (.data/postgres under the working directory).
    expect(readdirSync(cwd)).toEqual([]);
    rmSync(cwd, { recursive: true, force: true });
  }, 90_000);
});

import { ChildProcess, spawn } from 'child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join, resolve } from 'path';
import request from 'supertest';
import { validatingRequests, validatorOf } from '../../helpers/openapi-responses';
import { DEMO_ADMIN } from '../../../src/modules/seed/demo';

/**
 * `npm start` on a machine with no database: the real entry point (src/main.ts, run by
 * ts-node so no build is needed) with no DATABASE_URL starts an embedded PostgreSQL in
 * EMBEDDED_PG_DIR, migrates, seeds the demo data and serves; SIGTERM stops the app and
 * postgres and exits 0. A SIGKILLed run leaves an orphan postgres the next start recovers.
 */
const ROOT = resolve(__dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const server = createServer();
    server.once('error', rej);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => res(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

describe('npm start with no DATABASE_URL (embedded PostgreSQL)', () => {
  let dataDir: string;
  let port: number;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    // As root, postgres runs as the `postgres` user and must be able to enter the directory.
    dataDir = mkdtempSync(join(tmpdir(), 'embedded-start-'));
    chmodSync(dataDir, 0o755);
    port = await freePort();
  });

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    // Never leave a postgres behind, whatever failed above.
    const pidFile = join(dataDir, 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<Server> {
    const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_PG_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', TS_NODE_PROJECT: 'tsconfig.json' };
    delete env.DATABASE_URL;
    delete env.TEST_DATABASE_URL;
    delete env.SEED_DEMO;
    env.EMBEDDED_PG_PORT = String(await freePort());
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((res) => child.once('exit', (code) => res(code)));
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000; // a first boot migrates and seeds; generous for a loaded machine
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting:\n${output}`);
      const healthy = await request(url)
        .get('/health')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (healthy && output.includes('Admin login')) break;
      if (Date.now() > deadline) throw new Error(`the app did not become healthy in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    return { child, url, output: () => output, exited };
  }

  async function expectDemoLogin(url: string): Promise<void> {
    const agent = request.agent(url);
    const login = await agent.post('/admin/auth').send(DEMO_ADMIN).expect(200);
    expect(login.body.user).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
    expect(String(login.headers['set-cookie'])).toMatch(/^connect\.sid=/);
    const me = await agent.get('/admin/auth').expect(200);
    expect(me.body.user.email).toBe(DEMO_ADMIN.email);
  }

  async function stopWithSigterm(server: Server): Promise<void> {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // postgres went down with the app: it removes its pid file on a clean shutdown.
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }

  it('migrates, seeds the demo data, prints the URLs and the login, serves, and exits 0 on SIGTERM', async () => {
    const server = await start();
    const out = server.output();
    expect(out).toContain('No DATABASE_URL: using the embedded PostgreSQL');
    expect(out).toMatch(/Migrations: applied \d+/);
    expect(out).toMatch(/Demo data: data\/seed\.json: created 1 user, 2 regions/);
    expect(out).toContain(`${server.url}/docs`);
    expect(out).toContain(`Admin login  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);

    const health = await validatingRequests(request(server.url), await validatorOf(server.url))
      .get('/health')
      .expect(200);
    expect(health.body.status).toBe('ok');
    await expectDemoLogin(server.url);
    await stopWithSigterm(server);
  }, 180_000);

  it('starts again on the same data without seeding twice, and recovers the postgres a SIGKILLed run left behind', async () => {
    const second = await start();
    expect(second.output()).toContain('Migrations: up to date');
    expect(second.output()).not.toContain('Demo data');
    const orphanPid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    second.child.kill('SIGKILL');
    await second.exited;
    expect(isAlive(orphanPid)).toBe(true); // the crash left postgres running on the data dir

    const third = await start();
    expect(isAlive(orphanPid)).toBe(false);
    await expectDemoLogin(third.url);
    const regions = await validatingRequests(request(third.url), await validatorOf(third.url))
      .get('/store/regions')
      .expect(200);
    expect(regions.body.count).toBe(2); // still the one demo data set
    await stopWithSigterm(third);
  }, 300_000);
});

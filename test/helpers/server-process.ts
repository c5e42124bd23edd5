import { ChildProcess, spawn } from 'child_process';
import { createServer } from 'net';
import { join } from 'path';
import request from 'supertest';
import { ResponseValidator, validatingRequests, validatorOf } from './openapi-responses';

const ROOT = join(__dirname, '..', '..');

/** Runs a TypeScript file of this repository with node, outside Jest (compiled by scripts/swc-register.js). */
export function spawnTs(file: string, env: NodeJS.ProcessEnv, stdio: 'pipe' | 'inherit' = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['-r', join(ROOT, 'scripts', 'swc-register.js'), join(ROOT, file)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', stdio, stdio === 'pipe' ? 'pipe' : 'inherit'],
  });
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

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  url: string;
  /** supertest against the process; success answers are checked against its own /docs-json (strict contract). */
  http(): ReturnType<typeof request>;
  /** `fetch(url + path)`, the answer checked the same way. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILLs the process if it still runs (cleanup after a failure). */
  kill(): Promise<void>;
}

/**
 * The real server (src/main.ts, exactly what `npm start` runs) as a child process on a
 * free port (or `port`) of 127.0.0.1, against `databaseUrl`; resolves once /health answers 200.
 */
export async function startServerProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}, timeoutMs = 45_000, port?: number): Promise<ServerProcess> {
  port = port ?? (await freePort());
  const child = spawnTs('src/main.ts', {
    NODE_ENV: 'test',
    // The scripted `test` payment provider exists only where a run asks for it (and production refuses it).
    PAYMENT_TEST_PROVIDER: ['production', 'staging'].includes(env.NODE_ENV ?? '') ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ...env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + String(chunk)).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + String(chunk)).slice(-20_000)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let validator: ResponseValidator | undefined;
  const checker = () => {
    if (!validator) throw new Error('the server process is not healthy yet');
    return validator;
  };
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    http: () => validatingRequests(request(server.url), checker()),
    fetch: (path, init) => checker().fetch(`${server.url}${path}`, init),
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited during boot:\n${output}`);
    const healthy = await fetch(`${server.url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) {
      // The document the process itself serves: its answers are held to it.
      validator = await validatorOf(server.url);
      return server;
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * `exited`, or 'timeout' once `ms` have passed. The timer is cleared either way: a pending
 * timer would hold Jest's worker open after the file's last test, and Jest then kills the
 * worker ("failed to exit gracefully").
 */
export async function exitWithin<T>(exited: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([exited, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

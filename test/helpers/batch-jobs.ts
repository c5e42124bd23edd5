import type request from 'supertest';
import type { DataSource } from 'typeorm';

type Agent = ReturnType<typeof request.agent>;

/** Settings that make the queue react in well under a second in tests. */
export const FAST_QUEUE_ENV: Record<string, string> = {
  QUEUE_POLL_INTERVAL_MS: '500',
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: '1',
  QUEUE_RETRY_DELAY_SECONDS: '0',
  QUEUE_SHUTDOWN_TIMEOUT_MS: '3000',
};

/**
 * Polls GET /admin/batch-jobs/:id until `done(job)` holds, for at most `timeoutMs`
 * (short polls, bounded: a stuck job fails the test with its last state).
 */
export async function waitForJob(agent: Agent, id: string, done: (job: Record<string, any>) => boolean, timeoutMs = 60_000): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  let job: Record<string, any> = {};
  while (Date.now() < until) {
    const res = await agent.get(`/admin/batch-jobs/${id}`);
    if (res.status !== 200) throw new Error(`GET batch job ${id}: ${res.status} ${JSON.stringify(res.body)}`);
    job = res.body.batch_job;
    if (done(job)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`batch job ${id} did not reach the expected state in ${timeoutMs} ms; last: ${JSON.stringify(job)}`);
}

export const hasStatus =
  (...statuses: string[]) =>
  (job: Record<string, any>) =>
    statuses.includes(job.status);

/** Waits until some backend of this database is blocked on a lock (a worker stuck mid-batch). */
export async function waitForLockWaiter(dataSource: DataSource, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const [row] = await dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (row.n > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no worker got blocked on the held lock');
}

/** Uploads `text` as a CSV through POST /admin/uploads and returns its file key. */
export async function uploadCsv(agent: Agent, text: string, name = 'products.csv'): Promise<string> {
  const res = await agent.post('/admin/uploads').attach('files', Buffer.from(text, 'utf8'), { filename: name, contentType: 'text/csv' });
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.uploads[0].key;
}

/** Fetches a stored file through a signed download link, as the admin SPA does. */
export async function downloadFile(agent: Agent, http: () => ReturnType<typeof request>, fileKey: string): Promise<string> {
  const link = await agent.post('/admin/uploads/download-url').send({ file_key: fileKey });
  if (link.status !== 200) throw new Error(`download-url failed: ${link.status} ${JSON.stringify(link.body)}`);
  const res = await http()
    .get(new URL(link.body.download_url).pathname)
    .buffer(true)
    .parse((response, cb) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`download failed: ${res.status}`);
  return (res.body as Buffer).toString('utf8');
}

/** Creates a batch job and waits until it reaches one of `statuses`. */
export async function runJob(agent: Agent, body: object, statuses = ['completed', 'failed']): Promise<Record<string, any>> {
  const res = await agent.post('/admin/batch-jobs').send(body);
  if (res.status !== 201) throw new Error(`create batch job failed: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForJob(agent, res.body.batch_job.id, hasStatus(...statuses));
}

/** Splits a Medusa CSV export into header and data lines. */
export function csvLines(text: string): { header: string; lines: string[] } {
  const [header, ...lines] = text.split('\r\n').filter((l) => l !== '');
  return { header, lines };
}

export interface WorkerProcess {
  /** SIGKILL: the process dies at once, mid-query, like a crashed server. */
  kill(): Promise<void>;
}

/**
 * Starts a worker instance of the app in a child process (TypeScript run through ts-node
 * with swc) on `databaseUrl`, resolving once its queue workers run.
 */
export async function spawnWorker(databaseUrl: string, env: Record<string, string>): Promise<WorkerProcess> {
  const { spawn } = await import('child_process');
  const { join } = await import('path');
  const root = join(__dirname, '..', '..');
  const child = spawn(process.execPath, ['-r', 'ts-node/register', join(root, 'test/helpers/worker-process.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DB_POOL_SIZE: '3',
      TS_NODE_TRANSPILE_ONLY: 'true',
      TS_NODE_TRANSPILER: 'ts-node/transpilers/swc',
      TS_NODE_PROJECT: join(root, 'tsconfig.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker process not ready after 60 s: ${stderr}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker process exited with ${code}: ${stderr}`));
    });
  });
  return {
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

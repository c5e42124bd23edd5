import { Client } from 'pg';
import { createProduct } from '../../factories/product.factory';
import { createTestDatabase, dropTestDatabase, startTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { csvLines, downloadFile, FAST_QUEUE_ENV, hasStatus, runJob, waitForJob, waitForLockWaiter } from '../../helpers/batch-jobs';
import { databaseUrl } from '../../helpers/db-urls';
import { exitWithin, ServerProcess, startServerProcess } from '../../helpers/server-process';

jest.setTimeout(150_000);

/**
 * SIGTERM to the real server process (src/main.ts) while its queue worker is in the middle
 * of a batch job: the worker finishes the page it is on, hands the rest of the job back to
 * the queue, and the process exits 0. The job then completes after a restart, with every
 * product exported exactly once (no page lost, none written twice). The export is caught
 * mid-page on purpose: the test holds a lock on the product table.
 */
describe('Graceful shutdown with batch work in flight', () => {
  let dbName: string;
  let url: string;
  let api: TestApp | undefined;
  let blocker: Client | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    dbName = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, dbName);
  }, 60_000);

  afterAll(async () => {
    await blocker?.query('ROLLBACK').catch(() => undefined);
    await blocker?.end().catch(() => undefined);
    for (const server of servers) await server.kill();
    await api?.close().catch(() => undefined);
    await dropTestDatabase(dbName);
  });

  const workerEnv = {
    ...FAST_QUEUE_ENV,
    QUEUE_WORKERS: 'true',
    QUEUE_SHUTDOWN_TIMEOUT_MS: '20000',
    BATCH_JOB_EXPORT_PAGE_SIZE: '1',
    SHUTDOWN_DRAIN_MS: '0',
    DB_POOL_SIZE: '4',
  };
  const bootWorker = async () => {
    const server = await startServerProcess(url, workerEnv);
    servers.push(server);
    return server;
  };

  it('finishes the page in progress, exits 0, and the job completes after a restart with every product once', async () => {
    // Pages of one product (the page size is fixed when the job is created: `limit`).
    // The in-process instance only serves the admin API here: the child process is the only worker.
    api = await startTestApp(url, { ...FAST_QUEUE_ENV, QUEUE_WORKERS: 'false' });
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await createProduct(api.dataSource.manager, { title: `Shutdown export ${i}`, status: 'proposed' }));
    const ids = products.map((p) => p.id);
    const admin = await adminAgent(api);

    const worker = await bootWorker();
    const pre = await runJob(admin, { type: 'product-export', context: { filterable_fields: { id: ids }, limit: 1 }, dry_run: true }, ['pre_processed']);
    expect(pre.result.count).toBe(3);

    blocker = new Client({ connectionString: url, application_name: 'shutdown-batch-blocker' });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE product IN ACCESS EXCLUSIVE MODE');
    await admin.post(`/admin/batch-jobs/${pre.id}/confirm`).expect(200);
    await waitForLockWaiter(api.dataSource);

    process.kill(worker.pid, 'SIGTERM');
    // It has taken the signal in, and then waits for the batch work instead of dropping it:
    // still running well after (the page cannot finish while the product table is locked).
    for (const deadline = Date.now() + 30_000; !worker.output().includes('SIGTERM received');) {
      if (Date.now() > deadline || worker.child.exitCode !== null) throw new Error(`the worker did not take SIGTERM in:\n${worker.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 3_000));
    expect(worker.child.exitCode).toBeNull();
    await blocker.query('ROLLBACK');
    await blocker.end();
    blocker = undefined;

    const exit = await exitWithin(worker.exited, 40_000);
    expect({ exit, output: exit === 'timeout' || exit.code !== 0 ? worker.output() : '' }).toEqual({ exit: { code: 0, signal: null }, output: '' });

    // Handed back, not finished and not failed: the page in progress was committed.
    const handedOver = (await admin.get(`/admin/batch-jobs/${pre.id}`).expect(200)).body.batch_job;
    expect(handedOver.status).toBe('processing');
    expect(handedOver.completed_at).toBeNull();
    expect(handedOver.failed_at).toBeNull();
    // Exactly the page that was in progress: none started after the signal.
    expect(handedOver.result.advancement_count).toBe(1);

    await bootWorker();
    const done = await waitForJob(admin, pre.id, hasStatus('completed', 'failed'), 60_000);
    expect(done.result.errors).toBeUndefined();
    expect(done).toMatchObject({ status: 'completed', result: { count: 3, advancement_count: 3 } });
    const { lines } = csvLines(await downloadFile(admin, api.http, done.result.file_key));
    expect(lines.map((l) => l.split(';')[0]).sort()).toEqual([...ids].sort());
    const [files] = await api.dataSource.query(`SELECT count(*)::int AS n FROM stored_file WHERE key LIKE 'exports/%'`);
    expect(files.n).toBe(1);
  });
});

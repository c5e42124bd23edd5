import type { Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';

/** What a handler receives: the job plus a signal raised when this instance shuts down. */
export interface QueueJob<T> {
  id: string;
  name: string;
  data: T;
  retryCount: number;
  retryLimit: number;
  /** Aborted on shutdown: reach a safe point and return (or throw to be retried elsewhere). */
  signal: AbortSignal;
}

export type QueueHandler<T> = (job: QueueJob<T>) => Promise<void>;

interface InFlight {
  id: string;
  controller: AbortController;
}

/**
 * Works one queue on this instance: `concurrency` loops, each fetching one job at a time
 * (pg-boss's fetch uses FOR UPDATE SKIP LOCKED, so a job goes to exactly one worker across
 * all instances), running the handler, then completing or failing it (a failure is retried
 * by pg-boss up to the job's retry limit, then dead-lettered).
 *
 * Written instead of pg-boss's `work()` so shutdown is fully ours: idle waits are
 * cancellable timers, in-flight handlers get an abort signal, and whatever has not
 * finished by the deadline is explicitly handed back to the queue. Nothing keeps the
 * process alive after stop().
 */
export class ConsumerLoop<T> {
  private stopping = false;
  private readonly loops: Promise<void>[] = [];
  private readonly inFlight = new Map<string, InFlight>();
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly handler: QueueHandler<T>,
    private readonly options: { concurrency: number; pollIntervalMs: number },
    private readonly logger: Logger,
  ) {}

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop());
  }

  /** Wakes idle loops now (a job was just sent from this instance). */
  wake(): void {
    for (const wake of [...this.sleepers]) wake();
  }

  /**
   * Stops fetching, asks running handlers to yield, waits for them up to `timeoutMs`,
   * then hands any job still running back to the queue (failed: retried by another worker).
   */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.wake();
    for (const job of this.inFlight.values()) job.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([Promise.all(this.loops).then(() => 'done' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'timeout' && this.inFlight.size > 0) {
      const ids = [...this.inFlight.keys()];
      this.logger.warn(`handing ${ids.length} unfinished ${this.name} job(s) back to the queue`);
      const reason = { message: 'worker shut down before the job finished' };
      await Promise.all(ids.map((id) => this.boss.fail(this.name, id, reason).catch(() => undefined)));
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: PgBoss.JobWithMetadata<T> | undefined;
      try {
        [job] = await this.boss.fetch<T>(this.name, { batchSize: 1, includeMetadata: true as const });
      } catch (err) {
        this.logger.error({ err, queue: this.name }, 'fetching a job failed');
      }
      if (!job) {
        await this.sleep(this.options.pollIntervalMs);
        continue;
      }
      await this.run(job);
    }
  }

  private async run(job: PgBoss.JobWithMetadata<T>): Promise<void> {
    const controller = new AbortController();
    if (this.stopping) controller.abort();
    this.inFlight.set(job.id, { id: job.id, controller });
    try {
      await this.handler({
        id: job.id,
        name: job.name,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: controller.signal,
      });
      await this.boss.complete(this.name, job.id);
    } catch (err) {
      const message = (err as Error)?.message ?? String(err);
      this.logger.warn({ err, queue: this.name, job: job.id }, `job failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1})`);
      await this.boss.fail(this.name, job.id, { message }).catch((failErr) => {
        // The job stays active and is failed by expiry instead.
        this.logger.error({ err: failErr, queue: this.name, job: job.id }, 'could not record a job failure');
      });
    } finally {
      this.inFlight.delete(job.id);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}

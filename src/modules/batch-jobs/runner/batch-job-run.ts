import type { EntityManager } from 'typeorm';
import type { TransactionRunner } from '../../../common/database/transaction.runner';
import type { BatchJob, BatchJobCheckpoint, BatchJobResult } from '../batch-job.entity';
import { writeCheckpoint } from '../batch-jobs.repository';
import { lockAsOwner } from './checkpoint-guard';

/**
 * What a strategy sees while it works one slice of a phase: the job, its last committed
 * cursor and result, and `commit()` to apply one batch together with the new cursor.
 */
export class BatchJobRun<C = unknown> {
  private position: BatchJobCheckpoint;
  private committedResult: BatchJobResult;

  constructor(
    readonly job: BatchJob,
    checkpoint: BatchJobCheckpoint,
    private readonly transactions: TransactionRunner,
    private readonly deadline: number,
    readonly signal: AbortSignal,
  ) {
    this.position = checkpoint;
    this.committedResult = { ...(job.result ?? {}) };
  }

  /** The strategy's cursor as last committed (null at the start of a phase). */
  get cursor(): C | null {
    return (this.position.cursor ?? null) as C | null;
  }

  get result(): Readonly<BatchJobResult> {
    return this.committedResult;
  }

  get checkpoint(): Readonly<BatchJobCheckpoint> {
    return this.position;
  }

  get context(): Record<string, unknown> {
    return this.job.context ?? {};
  }

  /**
   * Runs `work` and records `next` in one transaction: the batch is applied exactly when
   * its cursor moves. Throws BatchJobCanceledError if the job was canceled meanwhile (the
   * batch rolls back) and StaleRunError if another worker moved the job on.
   */
  async commit(
    work: ((manager: EntityManager) => Promise<void>) | null,
    next: { cursor: C | null; result?: Partial<BatchJobResult>; context?: Record<string, unknown> },
  ): Promise<void> {
    const position: BatchJobCheckpoint = { ...this.position, seq: this.position.seq + 1, cursor: next.cursor };
    await this.transactions.run(async (manager) => {
      if (work) await work(manager);
      await lockAsOwner(manager, this.job.id, this.position);
      await writeCheckpoint(manager, this.job.id, { checkpoint: position, result: next.result, context: next.context });
    });
    this.position = position;
    this.committedResult = { ...this.committedResult, ...(next.result ?? {}) };
    if (next.context) this.job.context = { ...(this.job.context ?? {}), ...next.context };
  }

  /** True once this slice has used its time or the instance is shutting down: commit, then return 'yield'. */
  shouldYield(): boolean {
    return this.signal.aborted || Date.now() >= this.deadline;
  }
}

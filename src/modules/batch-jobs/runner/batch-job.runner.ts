import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { TransactionRunner } from '../../../common/database/transaction.runner';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
import { ApiError } from '../../../common/errors/api-error';
import type { QueueJob } from '../../queue/consumer-loop';
import { QueueService } from '../../queue/queue.service';
import { BatchJob, BatchJobCheckpoint } from '../batch-job.entity';
import { isFinished } from '../batch-job-status';
import type { BatchJobsConfig } from '../batch-jobs.config';
import { lockRunningJobCheckpoint, markJobFailed, writeCheckpoint } from '../batch-jobs.repository';
import { BatchJobCanceledError, BatchJobError, BatchJobFailure, StaleRunError } from '../strategy/batch-job-errors';
import type { BatchJobStrategy } from '../strategy/batch-job-strategy';
import { BatchJobStrategyRegistry } from '../strategy/batch-job-strategy.registry';
import { BatchJobRun } from './batch-job-run';
import { BATCH_JOB_DEAD_LETTER_QUEUE, BATCH_JOB_QUEUE, BatchJobMessage } from './batch-job-queue';
import { lockAsOwner } from './checkpoint-guard';

/** The checkpoint a phase starts from. */
export function phaseStart(phase: BatchJobCheckpoint['phase']): BatchJobCheckpoint {
  return { phase, step: 0, seq: 0, cursor: null };
}

/**
 * Works batch jobs from the queue. Each queue message is one slice of one phase
 * (pre-processing, then processing): the slice resumes from the checkpoint, lets the
 * strategy commit batches for up to `sliceMs`, then either finishes the phase or hands
 * over to a new message (same transaction as the checkpoint). Because every write checks
 * the checkpoint, a duplicated, late or retried message never applies work twice:
 *  - worker dies mid-batch: the batch rolls back, the message expires and is retried
 *    from the last checkpoint; after the retry limit it is dead-lettered and the job fails;
 *  - shutdown: the running slice stops at the next batch and hands over;
 *  - cancel: the next batch sees it, rolls back, the strategy cleans up.
 */
@Injectable()
export class BatchJobRunner implements OnModuleInit {
  private readonly logger = new Logger(BatchJobRunner.name);
  private readonly config: BatchJobsConfig;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly queue: QueueService,
    private readonly strategies: BatchJobStrategyRegistry,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.batchJobs;
  }

  async onModuleInit(): Promise<void> {
    await this.queue.define(BATCH_JOB_DEAD_LETTER_QUEUE);
    await this.queue.define(BATCH_JOB_QUEUE, { deadLetter: BATCH_JOB_DEAD_LETTER_QUEUE });
    this.queue.work<BatchJobMessage>(BATCH_JOB_QUEUE, (job) => this.runSlice(job));
    this.queue.work<BatchJobMessage>(BATCH_JOB_DEAD_LETTER_QUEUE, (job) => this.failAbandoned(job.data));
  }

  /** Enqueues a slice inside the caller's transaction (it exists iff the transaction commits). */
  async enqueue(manager: EntityManager, message: BatchJobMessage): Promise<void> {
    await this.queue.send(BATCH_JOB_QUEUE, message, { manager });
  }

  /** Lets this instance pick up just-committed messages without waiting for its next poll. */
  wake(): void {
    this.queue.wake(BATCH_JOB_QUEUE);
  }

  async runSlice(message: QueueJob<BatchJobMessage>): Promise<void> {
    const { batch_job_id: id, phase, step } = message.data;
    const job = await this.load(id);
    const checkpoint = job?.checkpoint;
    if (!job || !checkpoint || checkpoint.phase !== phase || checkpoint.step !== step) return; // stale message
    const strategy = this.strategies.find(job.type);
    if (!strategy) {
      await this.fail(job.id, checkpoint, [{ message: `No strategy handles batch jobs of type ${job.type}`, code: 'unexpected_state' }]);
      return;
    }
    if (job.status === 'canceled') return this.cleanUpCanceled(job, checkpoint, strategy);
    if (isFinished(job.status)) return;

    let position = checkpoint;
    if (phase === 'pre_process' && job.status !== 'created') return;
    if (phase === 'process') {
      if (job.status === 'confirmed') position = await this.markProcessing(job, checkpoint);
      else if (job.status !== 'processing') return;
    }

    const run = new BatchJobRun(job, position, this.transactions, Date.now() + this.config.sliceMs, message.signal);
    try {
      const outcome = phase === 'pre_process' ? await strategy.preProcess(run) : await strategy.process(run);
      if (outcome === 'yield') await this.handOver(job.id, run.checkpoint);
      else await this.finishPhase(job, run.checkpoint);
    } catch (err) {
      if (err instanceof StaleRunError) return;
      if (err instanceof BatchJobCanceledError) return this.cleanUpCanceled(job, run.checkpoint, strategy);
      if (err instanceof BatchJobFailure) return this.fail(job.id, run.checkpoint, err.errors);
      if (err instanceof ApiError) return this.fail(job.id, run.checkpoint, [{ message: err.message, code: err.type }]);
      // Anything else (database away, bug): let the queue retry the slice from the checkpoint.
      throw err;
    }
  }

  /**
   * A slice exhausted its retries (it kept failing, or its workers kept dying): fail the
   * job unless it has moved on since that slice was sent.
   */
  async failAbandoned(message: BatchJobMessage): Promise<void> {
    await this.transactions
      .run(async (manager) => {
        const cp = await lockRunningJobCheckpoint(manager, message.batch_job_id);
        if (!cp || cp.phase !== message.phase || cp.step !== message.step) return;
        await markJobFailed(manager, message.batch_job_id, [
          { message: 'The batch job stopped: its worker failed repeatedly or stopped responding.', code: 'unexpected_state' },
        ]);
      })
      .catch((err) => this.logger.error({ err, batchJob: message.batch_job_id }, 'could not fail an abandoned batch job'));
  }

  private async load(id: string): Promise<BatchJob | null> {
    return this.dataSource.getRepository(BatchJob).createQueryBuilder('job').addSelect('job.checkpoint').where('job.id = :id', { id }).getOne();
  }

  private async markProcessing(job: BatchJob, at: BatchJobCheckpoint): Promise<BatchJobCheckpoint> {
    const next = { ...at, seq: at.seq + 1 };
    await this.transactions.run(async (manager) => {
      await lockAsOwner(manager, job.id, at);
      await writeCheckpoint(manager, job.id, { checkpoint: next, stamp: ['processing_at'] });
    });
    job.processing_at = new Date();
    job.computeStatus();
    return next;
  }

  private async handOver(id: string, at: BatchJobCheckpoint): Promise<void> {
    const next: BatchJobCheckpoint = { ...at, step: at.step + 1, seq: 0 };
    await this.transactions.run(async (manager) => {
      await lockAsOwner(manager, id, at);
      await writeCheckpoint(manager, id, { checkpoint: next });
      await this.enqueue(manager, { batch_job_id: id, phase: at.phase, step: next.step });
    });
    this.wake();
  }

  /** Pre-processing done: pre_processed, and unless dry run also confirmed and queued for processing. */
  private async finishPhase(job: BatchJob, at: BatchJobCheckpoint): Promise<void> {
    await this.transactions.run(async (manager) => {
      await lockAsOwner(manager, job.id, at);
      if (at.phase === 'process') {
        await writeCheckpoint(manager, job.id, { checkpoint: null, stamp: ['completed_at'] });
        return;
      }
      const autoConfirm = !job.dry_run;
      await writeCheckpoint(manager, job.id, {
        checkpoint: phaseStart('process'),
        stamp: autoConfirm ? ['pre_processed_at', 'confirmed_at'] : ['pre_processed_at'],
      });
      if (autoConfirm) await this.enqueue(manager, { batch_job_id: job.id, phase: 'process', step: 0 });
    });
    if (!job.dry_run) this.wake();
  }

  private async fail(id: string, at: BatchJobCheckpoint, errors: BatchJobError[]): Promise<void> {
    await this.transactions
      .run(async (manager) => {
        await lockAsOwner(manager, id, at);
        await markJobFailed(manager, id, errors);
      })
      .catch((err) => {
        if (err instanceof StaleRunError || err instanceof BatchJobCanceledError) return;
        throw err;
      });
  }

  /** Once per canceled job: let the strategy remove partial output, then drop the checkpoint. */
  private async cleanUpCanceled(job: BatchJob, at: BatchJobCheckpoint, strategy: BatchJobStrategy): Promise<void> {
    await this.transactions
      .run(async (manager) => {
        await lockAsOwner(manager, job.id, at, { allowCanceled: true });
        if (at.phase === 'process' && strategy.onCanceled) {
          const fresh = await manager.getRepository(BatchJob).findOneByOrFail({ id: job.id });
          await strategy.onCanceled(fresh, manager);
        }
        await manager.getRepository(BatchJob).update(job.id, { checkpoint: null });
      })
      .catch((err) => {
        if (err instanceof StaleRunError) return;
        throw err;
      });
  }
}

import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BatchJob } from '../batch-job.entity';
import type { BatchJobRun } from '../runner/batch-job-run';

/** A phase either finished, or stopped at a safe point to be resumed by the next slice. */
export type PhaseOutcome = 'done' | 'yield';

/**
 * One batch-job type. Adding a type is one new file: a provider class implementing this
 * interface, marked `@BatchJobType('<type>')` and listed in its module's providers.
 *
 * Both phases are resumable: they read `run.cursor`, work batch by batch through
 * `run.commit(...)` (each batch and its new cursor in one transaction), and return 'yield'
 * when `run.shouldYield()` says so. A phase may therefore run in several slices, on
 * different instances, and is never applied twice.
 */
export interface BatchJobStrategy {
  /**
   * At creation, before the job is stored: validates the context (throw ApiError.invalid)
   * and returns the context to store.
   */
  prepare(context: Record<string, unknown>, meta: { userId: string }): Promise<Record<string, unknown>>;

  /** Works out what processing would do, without changing anything, into `result` (stat_descriptors, count). */
  preProcess(run: BatchJobRun): Promise<PhaseOutcome>;

  /** Does the work. */
  process(run: BatchJobRun): Promise<PhaseOutcome>;

  /** Removes what a canceled processing left behind (a partial file...), in the given transaction. */
  onCanceled?(job: BatchJob, manager: EntityManager): Promise<void>;
}

export const BATCH_JOB_TYPE = 'batch-job:type';

/** Registers the decorated provider as the strategy of batch jobs of `type`. */
export const BatchJobType = (type: string): ClassDecorator => SetMetadata(BATCH_JOB_TYPE, type);

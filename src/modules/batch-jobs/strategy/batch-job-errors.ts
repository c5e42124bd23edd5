import type { BatchJobResult } from '../batch-job.entity';

export type BatchJobError = Extract<NonNullable<BatchJobResult['errors']>[number], object>;

/**
 * Thrown by a strategy to fail the job on purpose (bad input): the job is marked failed
 * with these errors and the queue does not retry it.
 */
export class BatchJobFailure extends Error {
  constructor(readonly errors: BatchJobError[]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'BatchJobFailure';
  }
}

/** The job was canceled while this worker was on it: its batch rolled back, stop here. */
export class BatchJobCanceledError extends Error {
  constructor() {
    super('The batch job was canceled');
    this.name = 'BatchJobCanceledError';
  }
}

/** Another worker has moved this job on (a duplicate or late delivery): this one stops quietly. */
export class StaleRunError extends Error {
  constructor() {
    super('The batch job was advanced by another worker');
    this.name = 'StaleRunError';
  }
}

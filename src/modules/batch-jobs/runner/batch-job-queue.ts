import type { BatchJobPhase } from '../batch-job.entity';

/** The queue batch-job slices travel on, and where they land when they keep failing. */
export const BATCH_JOB_QUEUE = 'batch-job';
export const BATCH_JOB_DEAD_LETTER_QUEUE = 'batch-job-dead';

/** One slice of work: run `phase` of the job, as slice number `step`. */
export interface BatchJobMessage {
  batch_job_id: string;
  phase: BatchJobPhase;
  step: number;
}

/** A batch job's status: never stored, always derived from its lifecycle timestamps. */
export type BatchJobStatus = 'created' | 'pre_processed' | 'confirmed' | 'processing' | 'completed' | 'canceled' | 'failed';

export interface BatchJobTimestamps {
  pre_processed_at?: Date | null;
  confirmed_at?: Date | null;
  processing_at?: Date | null;
  completed_at?: Date | null;
  canceled_at?: Date | null;
  failed_at?: Date | null;
}

/**
 * Medusa v1's rule: the last set timestamp in this order wins, so the precedence is
 * failed > canceled > completed > processing > confirmed > pre_processed > created.
 */
const PRECEDENCE: ReadonlyArray<[keyof BatchJobTimestamps, BatchJobStatus]> = [
  ['pre_processed_at', 'pre_processed'],
  ['confirmed_at', 'confirmed'],
  ['processing_at', 'processing'],
  ['completed_at', 'completed'],
  ['canceled_at', 'canceled'],
  ['failed_at', 'failed'],
];

export function batchJobStatus(job: BatchJobTimestamps): BatchJobStatus {
  let status: BatchJobStatus = 'created';
  for (const [column, value] of PRECEDENCE) if (job[column]) status = value;
  return status;
}

/** Statuses after which nothing runs any more. */
export function isFinished(status: BatchJobStatus): boolean {
  return status === 'completed' || status === 'canceled' || status === 'failed';
}

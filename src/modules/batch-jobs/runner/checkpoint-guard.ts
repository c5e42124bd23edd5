import type { EntityManager } from 'typeorm';
import type { BatchJobCheckpoint } from '../batch-job.entity';
import { lockJobRow } from '../batch-jobs.repository';
import { BatchJobCanceledError, StaleRunError } from '../strategy/batch-job-errors';

export interface CheckpointPosition {
  phase: BatchJobCheckpoint['phase'];
  step: number;
  seq: number;
}

/**
 * Locks the job row and checks this worker is still the one driving it: the checkpoint
 * must be exactly where the worker last left it, and the job not finished. Called last in
 * a transaction, so the lock is held only for the commit and a cancel waits at most for
 * that. Throws BatchJobCanceledError (cancel won) or StaleRunError (another worker moved on);
 * either way the caller's transaction rolls back.
 */
export async function lockAsOwner(manager: EntityManager, id: string, at: CheckpointPosition, options: { allowCanceled?: boolean } = {}): Promise<void> {
  const row = await lockJobRow(manager, id);
  if (!row || row.failed_at || row.completed_at) throw new StaleRunError();
  if (row.canceled_at && !options.allowCanceled) throw new BatchJobCanceledError();
  const cp = row.checkpoint;
  if (!cp || cp.phase !== at.phase || cp.step !== at.step || cp.seq !== at.seq) throw new StaleRunError();
}

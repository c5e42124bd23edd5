import type { EntityManager } from 'typeorm';
import type { BatchJobCheckpoint, BatchJobResult } from '../batch-job.entity';
import { BatchJobCanceledError, StaleRunError } from '../strategy/batch-job-errors';

export interface CheckpointPosition {
  phase: BatchJobCheckpoint['phase'];
  step: number;
  seq: number;
}

interface LockedRow {
  checkpoint: BatchJobCheckpoint | null;
  canceled_at: Date | null;
  failed_at: Date | null;
  completed_at: Date | null;
}

/**
 * Locks the job row and checks this worker is still the one driving it: the checkpoint
 * must be exactly where the worker last left it, and the job not finished. Called last in
 * a transaction, so the lock is held only for the commit and a cancel waits at most for
 * that. Throws BatchJobCanceledError (cancel won) or StaleRunError (another worker moved on);
 * either way the caller's transaction rolls back.
 */
export async function lockAsOwner(manager: EntityManager, id: string, at: CheckpointPosition, options: { allowCanceled?: boolean } = {}): Promise<void> {
  const rows: LockedRow[] = await manager.query(
    `SELECT checkpoint, canceled_at, failed_at, completed_at FROM batch_job WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  const row = rows[0];
  if (!row || row.failed_at || row.completed_at) throw new StaleRunError();
  if (row.canceled_at && !options.allowCanceled) throw new BatchJobCanceledError();
  const cp = row.checkpoint;
  if (!cp || cp.phase !== at.phase || cp.step !== at.step || cp.seq !== at.seq) throw new StaleRunError();
}

export interface CheckpointUpdate {
  checkpoint: BatchJobCheckpoint | null;
  /** Merged into `result` (top-level keys replaced). */
  result?: Partial<BatchJobResult>;
  /** Merged into `context` (top-level keys replaced). */
  context?: Record<string, unknown>;
  /** Lifecycle columns to stamp with now(). */
  stamp?: Array<'pre_processed_at' | 'confirmed_at' | 'processing_at' | 'completed_at' | 'failed_at'>;
}

/** Writes the new checkpoint, result patch and lifecycle stamps in the caller's transaction. */
export async function writeCheckpoint(manager: EntityManager, id: string, update: CheckpointUpdate): Promise<void> {
  const stamps = (update.stamp ?? []).map((column) => `, "${column}" = now()`).join('');
  await manager.query(
    `UPDATE batch_job SET checkpoint = $2::jsonb, result = COALESCE(result, '{}'::jsonb) || $3::jsonb,
       context = CASE WHEN $4::jsonb IS NULL THEN context ELSE COALESCE(context, '{}'::jsonb) || $4::jsonb END, updated_at = now()${stamps}
     WHERE id = $1`,
    [
      id,
      update.checkpoint === null ? null : JSON.stringify(update.checkpoint),
      JSON.stringify(update.result ?? {}),
      update.context ? JSON.stringify(update.context) : null,
    ],
  );
}

import type { EntityManager } from 'typeorm';
import type { BatchJobCheckpoint, BatchJobResult } from './batch-job.entity';
import type { BatchJobError } from './strategy/batch-job-errors';

/** What a worker checks on the job row before it writes a step's outcome. */
export interface LockedJobRow {
  checkpoint: BatchJobCheckpoint | null;
  canceled_at: Date | null;
  failed_at: Date | null;
  completed_at: Date | null;
}

/** Locks a live job row and reads its checkpoint and lifecycle stamps; undefined when there is none. */
export async function lockJobRow(manager: EntityManager, id: string): Promise<LockedJobRow | undefined> {
  const rows: LockedJobRow[] = await manager.query(
    `SELECT checkpoint, canceled_at, failed_at, completed_at FROM batch_job WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  return rows[0];
}

/** Locks a job that is still running (not canceled, failed or completed) and reads its checkpoint; undefined otherwise. */
export async function lockRunningJobCheckpoint(manager: EntityManager, id: string): Promise<BatchJobCheckpoint | null | undefined> {
  const rows: Array<{ checkpoint: BatchJobCheckpoint | null }> = await manager.query(
    `SELECT checkpoint FROM batch_job WHERE id = $1 AND canceled_at IS NULL AND failed_at IS NULL AND completed_at IS NULL FOR UPDATE`,
    [id],
  );
  return rows[0]?.checkpoint;
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

/** Writes the new checkpoint, result and context patches and lifecycle stamps in the caller's transaction. */
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

/** Fails the job: stamps failed_at, drops the checkpoint and appends `errors` to result.errors. */
export async function markJobFailed(manager: EntityManager, id: string, errors: BatchJobError[]): Promise<void> {
  await manager.query(
    `UPDATE batch_job SET failed_at = now(), updated_at = now(), checkpoint = NULL,
       result = jsonb_set(COALESCE(result, '{}'::jsonb), '{errors}', COALESCE(result->'errors', '[]'::jsonb) || $2::jsonb)
     WHERE id = $1`,
    [id, JSON.stringify(errors)],
  );
}

/** Takes the output file out of the job's result. */
export async function removeResultFile(manager: EntityManager, id: string): Promise<void> {
  await manager.query(`UPDATE batch_job SET result = result - 'file_key' - 'file_size' WHERE id = $1`, [id]);
}

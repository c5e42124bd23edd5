/** Batch-job tuning, from the environment. */
export interface BatchJobsConfig {
  /** A queue job works a phase for about this long, then hands over to a fresh queue job. */
  sliceMs: number;
  /** Import: CSV rows per transaction (rounded up to whole products). */
  importBatchRows: number;
  /** Exports: products (or orders) per page, one transaction each. */
  exportPageSize: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function loadBatchJobsConfig(env: NodeJS.ProcessEnv = process.env): BatchJobsConfig {
  return {
    sliceMs: positive(env, 'BATCH_JOB_SLICE_MS', 15_000),
    importBatchRows: positive(env, 'BATCH_JOB_IMPORT_BATCH_ROWS', 500),
    exportPageSize: positive(env, 'BATCH_JOB_EXPORT_PAGE_SIZE', 50),
  };
}

/** Batch-job tuning: AppConfig.batchJobs (read in src/config/configuration.ts). */
export interface BatchJobsConfig {
  /** A queue job works a phase for about this long, then hands over to a fresh queue job. */
  sliceMs: number;
  /** Import: CSV rows per transaction (rounded up to whole products). */
  importBatchRows: number;
  /** Exports: products (or orders) per page, one transaction each. */
  exportPageSize: number;
}

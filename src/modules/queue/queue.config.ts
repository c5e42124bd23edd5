/**
 * Queue settings: AppConfig.queue (read in src/config/configuration.ts). Defaults suit production; tests shorten
 * the intervals (a job left `active` by a dead worker is failed, then retried, after
 * `expireInSeconds` plus at most one maintenance interval).
 */
export interface QueueConfig {
  /** Whether this instance works jobs; with false it only enqueues them (others work them). */
  workersEnabled: boolean;
  /** How often an idle worker looks for jobs sent by other instances (pg-boss minimum 500). */
  pollIntervalMs: number;
  /** A job running longer than this is considered dead and failed (then retried). */
  expireInSeconds: number;
  /** How often expired jobs are swept (pg-boss maintenance; one instance at a time does it). */
  maintenanceIntervalSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** On shutdown, how long in-flight jobs may take to reach a safe point before being handed back. */
  shutdownTimeoutMs: number;
  /** Jobs worked at once per queue on this instance. */
  concurrency: number;
  /** Connections of pg-boss's own pool. */
  poolSize: number;
}

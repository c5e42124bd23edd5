/**
 * Queue settings, read once from the environment. Defaults suit production; tests shorten
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

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

export function loadQueueConfig(env: NodeJS.ProcessEnv = process.env): QueueConfig {
  return {
    workersEnabled: env.QUEUE_WORKERS !== 'false',
    pollIntervalMs: int(env, 'QUEUE_POLL_INTERVAL_MS', 2000, 500),
    expireInSeconds: int(env, 'QUEUE_EXPIRE_SECONDS', 300, 1),
    maintenanceIntervalSeconds: int(env, 'QUEUE_MAINTENANCE_INTERVAL_SECONDS', 60, 1),
    retryLimit: int(env, 'QUEUE_RETRY_LIMIT', 5, 0),
    retryDelaySeconds: int(env, 'QUEUE_RETRY_DELAY_SECONDS', 5, 0),
    shutdownTimeoutMs: int(env, 'QUEUE_SHUTDOWN_TIMEOUT_MS', 10_000, 0),
    concurrency: int(env, 'QUEUE_CONCURRENCY', 2, 1),
    poolSize: int(env, 'QUEUE_POOL_SIZE', 3, 1),
  };
}

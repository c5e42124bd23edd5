import type { EntityManager } from 'typeorm';

/*
 * The statements of a webhook attempt. An attempt is claimed in one short transaction
 * (lease + counted attempt), sent with no database connection held, and recorded in another
 * short statement fenced by the claim (same job, same attempt number): no pool connection
 * waits on a receiver.
 */

/** What decides whether a job may attempt a delivery, and the (endpoint, resource) it is about. */
export interface DeliveryKey {
  id: string;
  endpoint_id: string;
  aggregate_id: string | null;
  event_seq: string | null;
  job_id: string | null;
}

/**
 * The delivery's key, read while taking the lock that serializes the attempts about one
 * resource to one endpoint across instances (held to the end of the claim's transaction):
 * one statement. `job_id` may be stale by the time the lock is granted; the claim's UPDATE
 * checks it again.
 */
export async function lockDeliveryKey(manager: EntityManager, id: string): Promise<DeliveryKey | undefined> {
  const [row]: DeliveryKey[] = await manager.query(
    `SELECT id, endpoint_id, aggregate_id, event_seq::text AS event_seq, job_id::text AS job_id,
            CASE WHEN aggregate_id IS NOT NULL THEN pg_advisory_xact_lock(hashtext('webhook:' || endpoint_id || ':' || aggregate_id)) END AS locked
       FROM webhook_delivery WHERE id = $1`,
    [id],
  );
  return row;
}

/** A delivery with its endpoint, as a claim reads it (under the resource lock). */
export interface DeliveryToClaim {
  status: string;
  attempts: number;
  attempt_limit: number | null;
  /** An attempt is in flight (its lease has not run out). */
  leased: boolean;
  event_name: string;
  /** The event's payload (outbox_event.data: a delivery references its event, never copies it). */
  payload: unknown;
  occurred_at: Date;
  /** Null when the endpoint is gone or disabled. */
  url: string | null;
  secret: string | null;
  /** The rotated-out secret, while its grace lasts. */
  previous_secret: string | null;
  /** An earlier delivery about the same resource to the same endpoint is still open: this one waits for it. */
  waiting: boolean;
}

export async function readDeliveryToClaim(manager: EntityManager, key: DeliveryKey): Promise<DeliveryToClaim | undefined> {
  const [row]: DeliveryToClaim[] = await manager.query(
    `SELECT d.status, d.attempts, d.attempt_limit, coalesce(d.leased_until > now(), false) AS leased, d.event_name, o.data AS payload, d.occurred_at,
            e.url, e.secret, CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret END AS previous_secret,
            d.aggregate_id IS NOT NULL AND d.event_seq IS NOT NULL AND EXISTS (
              SELECT 1 FROM webhook_delivery p
               WHERE p.endpoint_id = d.endpoint_id AND p.aggregate_id = d.aggregate_id AND p.event_seq < d.event_seq AND p.status IN ('pending', 'retrying')) AS waiting
       FROM webhook_delivery d JOIN outbox_event o ON o.id = d.event_id
       LEFT JOIN webhook_endpoint e ON e.id = d.endpoint_id AND e.disabled_at IS NULL
      WHERE d.id = $1`,
    [key.id],
  );
  return row;
}

/**
 * Claims the next attempt for `jobId`: counts it (so an attempt cut by a crash is counted)
 * and leases the delivery for `leaseMs`. Resolves with the attempt's number, or undefined
 * when another job owns the delivery or another attempt holds the lease. A row from before
 * job ids (NULL) is adopted by the job that claims it.
 */
export async function claimAttempt(manager: EntityManager, id: string, jobId: string, leaseMs: number): Promise<number | undefined> {
  const [rows]: [Array<{ attempts: number }>, number] = await manager.query(
    `UPDATE webhook_delivery SET attempts = attempts + 1, leased_until = now() + $3 * interval '1 millisecond', job_id = $2, updated_at = now()
      WHERE id = $1 AND (job_id IS NULL OR job_id = $2) AND status IN ('pending', 'retrying') AND (leased_until IS NULL OR leased_until <= now())
      RETURNING attempts`,
    [id, jobId, leaseMs],
  );
  return rows[0]?.attempts;
}

export interface AttemptResult {
  status: 'succeeded' | 'retrying' | 'failed';
  responseStatus: number | null;
  error: string | null;
}

/**
 * Records an attempt's outcome and ends its lease, only if the claim still stands (same
 * job, same attempt number): an attempt whose lease was taken over records nothing.
 * Resolves with whether it was recorded.
 */
export async function recordAttempt(manager: EntityManager, id: string, jobId: string, attempt: number, result: AttemptResult): Promise<boolean> {
  const [rows]: [unknown[], number] = await manager.query(
    `UPDATE webhook_delivery SET status = $4::varchar, response_status = $5::int, last_error = $6::text, leased_until = NULL, updated_at = now(),
            delivered_at = CASE WHEN $4::varchar = 'succeeded' THEN now() ELSE delivered_at END
      WHERE id = $1 AND job_id = $2 AND attempts = $3
      RETURNING id`,
    [id, jobId, attempt, result.status, result.responseStatus, result.error],
  );
  return rows.length > 0;
}

/** Gives up on a delivery without an attempt (its endpoint is gone or disabled, or its last attempt was cut). */
export async function failWithoutAttempt(manager: EntityManager, id: string, error: string): Promise<void> {
  await manager.query(`UPDATE webhook_delivery SET status = 'failed', last_error = $2, leased_until = NULL, updated_at = now() WHERE id = $1`, [id, error]);
}

/** A delivery handed to a new job: its id, the job's, and its event (whose lane decides the job's queue). */
export interface Handover {
  id: string;
  job_id: string;
  event_name: string;
}

/**
 * The next pending delivery about the same resource to the same endpoint, given a new job
 * (the one the caller sends): whatever job it had before stops at the fence. Not while an
 * attempt of it is in flight (leased): a superseded delivery passing the turn on can come
 * after its successor was already claimed, and a new job would fence that attempt out of
 * recording its answer.
 */
export async function handOverSuccessor(
  manager: EntityManager,
  key: Pick<DeliveryKey, 'endpoint_id' | 'aggregate_id' | 'event_seq'>,
): Promise<Handover | undefined> {
  if (key.aggregate_id === null || key.event_seq === null) return undefined;
  const [rows]: [Handover[], number] = await manager.query(
    `UPDATE webhook_delivery SET job_id = gen_random_uuid(), updated_at = now()
      WHERE id = (SELECT id FROM webhook_delivery WHERE endpoint_id = $1 AND aggregate_id = $2 AND event_seq > $3 AND status = 'pending' ORDER BY event_seq LIMIT 1)
        AND (leased_until IS NULL OR leased_until <= now())
      RETURNING id, job_id::text AS job_id, event_name`,
    [key.endpoint_id, key.aggregate_id, key.event_seq],
  );
  return rows[0];
}

/** A delivery of the endpoint sent again: pending, `retries` more attempts, a new job. Undefined when there is no such delivery. */
export async function reopenDelivery(manager: EntityManager, endpointId: string, id: string, retries: number): Promise<Handover | undefined> {
  const [rows]: [Handover[], number] = await manager.query(
    `UPDATE webhook_delivery SET status = 'pending', attempt_limit = attempts + $3 + 1, job_id = gen_random_uuid(), updated_at = now()
      WHERE id = $2 AND endpoint_id = $1
      RETURNING id, job_id::text AS job_id, event_name`,
    [endpointId, id, retries],
  );
  return rows[0];
}

export const CUT_ATTEMPT_ERROR = 'The attempt was cut: its worker stopped before recording an answer';

/**
 * Deliveries whose attempt outlived its lease (its worker died, or lost the database):
 * the attempt stays counted, and each gets a new job (the caller sends them). SKIP LOCKED:
 * instances sweeping at once share the rows.
 */
export async function handOverCutAttempts(manager: EntityManager, limit: number): Promise<Handover[]> {
  const [rows]: [Handover[], number] = await manager.query(
    `WITH cut AS (
       SELECT id FROM webhook_delivery WHERE leased_until <= now() AND status IN ('pending', 'retrying') ORDER BY leased_until LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE webhook_delivery d SET job_id = gen_random_uuid(), leased_until = NULL, status = 'retrying', response_status = NULL, last_error = $2, updated_at = now()
       FROM cut WHERE d.id = cut.id
     RETURNING d.id, d.job_id::text AS job_id, d.event_name`,
    [limit, CUT_ATTEMPT_ERROR],
  );
  return rows;
}

/**
 * Whether a sweep has anything to do (a lease ran out, a rotated-out secret's grace ended):
 * the one statement a sweep costs when there is nothing, tagged as background work.
 */
export async function sweepIsDue(manager: EntityManager): Promise<boolean> {
  const [{ due }]: Array<{ due: boolean }> = await manager.query(
    `SELECT /* webhook-lease-sweep */ EXISTS (SELECT 1 FROM webhook_delivery WHERE leased_until <= now() AND status IN ('pending', 'retrying'))
         OR EXISTS (SELECT 1 FROM webhook_endpoint WHERE previous_secret_expires_at <= now()) AS due`,
  );
  return due;
}

/** Forgets rotated-out secrets whose grace has ended. */
export async function dropExpiredSecrets(manager: EntityManager): Promise<void> {
  await manager.query(
    `UPDATE webhook_endpoint SET previous_secret = NULL, previous_secret_expires_at = NULL WHERE previous_secret_expires_at IS NOT NULL AND previous_secret_expires_at <= now()`,
  );
}

/** Replaces the endpoint's secret; the old one signs beside it for `graceSeconds`. Resolves with whether the endpoint exists. */
export async function rotateSecret(manager: EntityManager, endpointId: string, secret: string, graceSeconds: number): Promise<boolean> {
  const [rows]: [unknown[], number] = await manager.query(
    `UPDATE webhook_endpoint SET previous_secret = secret, previous_secret_expires_at = now() + $3 * interval '1 second', secret = $2, updated_at = now()
      WHERE id = $1 RETURNING id`,
    [endpointId, secret, graceSeconds],
  );
  return rows.length > 0;
}

/** Deletes an endpoint with its deliveries (a job of one finds nothing and stops). Resolves with whether it existed. */
export async function deleteEndpoint(manager: EntityManager, endpointId: string): Promise<boolean> {
  const [rows]: [unknown[], number] = await manager.query(`DELETE FROM webhook_endpoint WHERE id = $1 RETURNING id`, [endpointId]);
  return rows.length > 0;
}

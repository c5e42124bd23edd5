import type { RelayedEvent, RelayQuery } from '../event-bus.service';
import { type EventLane, laneOf } from '../outbox';

/**
 * The queue of each lane's webhook jobs. Each has its own workers: however many cart
 * deliveries are waiting or being sent to a slow receiver, an `order.placed` is fetched by
 * a worker of its own lane at once.
 */
const WEBHOOK_QUEUES: Record<EventLane, string> = { business: 'webhook-delivery', cart: 'webhook-delivery-cart' };

export const ALL_WEBHOOK_QUEUES: readonly string[] = Object.values(WEBHOOK_QUEUES);

/** The queue a delivery of `eventName` is worked in. */
export function webhookQueueOf(eventName: string): string {
  return WEBHOOK_QUEUES[laneOf(eventName)];
}

/**
 * Events that carry the resource as it is now, so a newer one of the same resource makes an
 * older, not yet sent one pointless: only the newest is delivered. Any client may write
 * these as fast as it likes; without this a cart updated 1 000 times queued 1 000 deliveries
 * per endpoint, sent one after the other.
 */
const COALESCED_EVENTS: readonly string[] = ['cart.updated', 'cart.customer_updated'];

/** The resource an event is about: the payload's `id`, or the payload itself where Medusa's is a bare id. */
function resourceOf(event: RelayedEvent): string | null {
  if (typeof event.data === 'string') return event.data;
  return typeof event.data?.id === 'string' ? event.data.id : null;
}

/**
 * The events of a relayed batch that get webhook deliveries: every one of `names`, except a
 * coalesced event followed in the same batch by a newer one of its name and resource.
 */
export function deliveredEvents(events: readonly RelayedEvent[], names: readonly string[]): Array<RelayedEvent & { resource: string | null }> {
  const wanted = events.filter((event) => names.includes(event.name)).map((event) => ({ ...event, resource: resourceOf(event) }));
  const newest = new Map<string, string>();
  for (const event of wanted)
    if (COALESCED_EVENTS.includes(event.name) && event.resource !== null) newest.set(`${event.name}\u0000${event.resource}`, event.id);
  return wanted.filter(
    (event) => !COALESCED_EVENTS.includes(event.name) || event.resource === null || newest.get(`${event.name}\u0000${event.resource}`) === event.id,
  );
}

/**
 * In the relay's transaction: one delivery per live endpoint wanting each event of the
 * batch, referencing its event (the payload is never copied per endpoint; the event's time,
 * the body's `timestamp`, is copied as `occurred_at`). Idempotent: a batch relayed again adds
 * nothing. The delivery's id (the `webhook-id`) is derived from the event's and the
 * endpoint's; its `job_id` is the one queue job whose claim it accepts (the caller queues it
 * under that id).
 *
 * Coalescing, per endpoint and resource: a new `cart.updated` supersedes the endpoint's
 * older `cart.updated` deliveries of that cart which are still waiting behind an earlier
 * delivery of the cart (never attempted, so never in flight): order per resource holds (what
 * is sent still goes in event order) and the receiver still gets the cart's latest state, but
 * a cart has at most one delivery in flight and one waiting per event name and endpoint.
 *
 * Superseding only never-attempted deliveries relies on an attempt being counted when it is
 * claimed (webhooks.repository.ts claimAttempt), before anything is sent.
 *
 * Resolves with the deliveries created, their job ids and queues; the caller queues their jobs.
 */
export async function fanOutDeliveries(
  events: readonly RelayedEvent[],
  names: readonly string[],
  query: RelayQuery,
): Promise<Array<{ id: string; job_id: string; queue: string }>> {
  const delivered = deliveredEvents(events, names);
  if (delivered.length === 0) return [];
  const created = await query(
    `WITH created AS (
       INSERT INTO webhook_delivery /* event-relay */ (id, endpoint_id, event_id, event_name, aggregate_id, event_seq, occurred_at, job_id)
       SELECT 'msg_' || substr(ev.id, 5) || '_' || substr(e.id, 5), e.id, ev.id, ev.name, ev.resource, ev.seq, o.created_at, gen_random_uuid()
         FROM unnest($1::varchar[], $2::bigint[], $3::varchar[], $4::varchar[]) AS ev(id, seq, name, resource)
         JOIN outbox_event o ON o.id = ev.id
         JOIN webhook_endpoint e ON e.disabled_at IS NULL AND ev.name = ANY(e.events)
        ORDER BY ev.seq, e.id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id, job_id, endpoint_id, aggregate_id, event_name, event_seq),
     superseded AS (
       UPDATE webhook_delivery w /* event-relay */ SET status = 'superseded', updated_at = now()
         FROM created c
        WHERE c.event_name = ANY($5) AND w.endpoint_id = c.endpoint_id AND w.aggregate_id = c.aggregate_id AND w.event_name = c.event_name
          AND w.event_seq < c.event_seq AND w.status = 'pending' AND w.attempts = 0
          AND EXISTS (SELECT 1 FROM webhook_delivery p WHERE p.endpoint_id = w.endpoint_id AND p.aggregate_id = w.aggregate_id
                         AND p.event_seq < w.event_seq AND p.status IN ('pending', 'retrying'))
       RETURNING w.id)
     SELECT id, job_id::text AS job_id, event_name FROM created ORDER BY event_seq, id`,
    [delivered.map((e) => e.id), delivered.map((e) => e.seq), delivered.map((e) => e.name), delivered.map((e) => e.resource), COALESCED_EVENTS],
  );
  return created.map((row) => ({ id: String(row.id), job_id: String(row.job_id), queue: webhookQueueOf(String(row.event_name)) }));
}

/**
 * Deletes settled deliveries (sent, failed for good, superseded) last changed more than
 * `retentionHours` ago; pending and retrying ones stay whatever their age. Their events
 * go with the outbox's own retention once no delivery references them.
 */
export async function sweepSettledDeliveries(query: RelayQuery, retentionHours: number): Promise<void> {
  await query(
    `DELETE FROM webhook_delivery /* event-relay: retention */ WHERE status IN ('succeeded', 'failed', 'superseded') AND updated_at < now() - make_interval(hours => $1)`,
    [retentionHours],
  );
}

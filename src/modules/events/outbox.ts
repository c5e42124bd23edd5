import type { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { OutboxEvent } from './outbox-event.entity';

/** Medusa v1 event names this service emits. */
export type EventName =
  | 'customer.created'
  | 'customer.updated'
  | 'customer.password_reset'
  | 'user.password_reset'
  | 'user.created'
  | 'user.updated'
  | 'user.deleted'
  | 'invite.created'
  | 'order-update-token.created'
  | 'region.created'
  | 'region.updated'
  | 'region.deleted'
  | 'order.placed'
  | 'order.updated'
  | 'order.completed'
  | 'order.archived'
  | 'order.canceled'
  | 'order.payment_captured'
  | 'order.payment_capture_failed'
  | 'order.fulfillment_created'
  | 'order.fulfillment_canceled'
  | 'order.shipment_created'
  | 'order.refund_created'
  | 'order.gift_card_created'
  | 'payment.payment_captured'
  | 'payment.payment_refund_created'
  | 'note.created'
  | 'note.updated'
  | 'note.deleted'
  | 'gift_card.created'
  | 'discount.created'
  | 'draft_order.created'
  | 'draft_order.updated'
  | 'product.created'
  | 'product.updated'
  | 'product.deleted'
  | 'product-variant.created'
  | 'product-variant.updated'
  | 'product-variant.deleted'
  | 'sales_channel.created'
  | 'sales_channel.updated'
  | 'sales_channel.deleted'
  | 'publishable_api_key.created'
  | 'publishable_api_key.revoked'
  | 'cart.created'
  | 'cart.updated'
  | 'cart.customer_updated';

/**
 * Where an event waits to be relayed and delivered. `business`: what staff, customers and
 * placed orders cause, relayed and delivered first. `cart`: what any anonymous client's cart
 * writes cause, as often as it likes; it has its own delivery workers, so however much of it
 * is waiting, a business event never queues behind it. Stored as a smallint (the relay's
 * index orders by it).
 */
export type EventLane = 'business' | 'cart';

const LANE_OF: Record<EventName, EventLane> = {
  'customer.created': 'business',
  'customer.updated': 'business',
  'customer.password_reset': 'business',
  'user.password_reset': 'business',
  'user.created': 'business',
  'user.updated': 'business',
  'user.deleted': 'business',
  'invite.created': 'business',
  // A registered customer's claim request, bounded per customer and per mailbox (OrderClaimsService).
  'order-update-token.created': 'business',
  'region.created': 'business',
  'region.updated': 'business',
  'region.deleted': 'business',
  'order.placed': 'business',
  // After checkout: staff actions (and the capture that pays an order), never anonymous.
  'order.updated': 'business',
  'order.completed': 'business',
  'order.archived': 'business',
  'order.canceled': 'business',
  'order.payment_captured': 'business',
  'order.payment_capture_failed': 'business',
  'order.fulfillment_created': 'business',
  'order.fulfillment_canceled': 'business',
  'order.shipment_created': 'business',
  'order.refund_created': 'business',
  'order.gift_card_created': 'business',
  'payment.payment_captured': 'business',
  'payment.payment_refund_created': 'business',
  'note.created': 'business',
  'note.updated': 'business',
  'note.deleted': 'business',
  'gift_card.created': 'business',
  'discount.created': 'business',
  'draft_order.created': 'business',
  'draft_order.updated': 'business',
  'product.created': 'business',
  'product.updated': 'business',
  'product.deleted': 'business',
  'product-variant.created': 'business',
  'product-variant.updated': 'business',
  'product-variant.deleted': 'business',
  'sales_channel.created': 'business',
  'sales_channel.updated': 'business',
  'sales_channel.deleted': 'business',
  'publishable_api_key.created': 'business',
  'publishable_api_key.revoked': 'business',
  'cart.created': 'cart',
  'cart.updated': 'cart',
  'cart.customer_updated': 'cart',
};

const LANE_NUMBER: Record<EventLane, number> = { business: 0, cart: 1 };

/**
 * The event names a subscriber of this process listens to (EventBus.subscribe notes them
 * at start-up; every instance registers the same ones). Only grows.
 */
const SUBSCRIBED = new Set<string>();

/** Called by EventBus.subscribe: `name` has an in-process subscriber, so its events are always written. */
export function noteSubscriber(name: string): void {
  SUBSCRIBED.add(name);
}

/**
 * Whether an event is written whatever the webhook endpoints: every business event, and a
 * cart event a subscriber of this process listens to. A cart event nobody subscribes to is
 * written only where a webhook endpoint (enabled or not) lists its name, as the statement
 * that writes it sees the endpoints (endpointWants, inside that statement): an endpoint gets
 * the cart events of every write that began after its registration committed. Before, each
 * anonymous cart write left an event nobody could receive, relayed, marked and swept.
 */
export function eventAlwaysWritten(name: EventName): boolean {
  return laneOf(name) === 'business' || SUBSCRIBED.has(name);
}

/** `<name>` is the event name's SQL: true when a webhook endpoint, disabled or not, lists it. */
const endpointWants = (name: string) => `EXISTS (SELECT 1 FROM webhook_endpoint w WHERE ${name} = ANY(w.events))`;

/** The lane of an event (an unknown name, from another release: business, never held back). */
export function laneOf(name: string): EventLane {
  return LANE_OF[name as EventName] ?? 'business';
}

/**
 * A payload's top-level value larger than this (its JSON) is left out of the stored event:
 * a cart's `context` or any `metadata` may hold 16 KiB, and copying it into every event of
 * every write let any client fill the disk. A subscriber that needs it reads the resource.
 */
export const MAX_EVENT_FIELD_BYTES = 1024;

/** The payload as stored: bounded (see MAX_EVENT_FIELD_BYTES), as JSON text. */
export function storedEventData(data: EventData): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  return JSON.stringify(data, function (this: unknown, key, value: unknown) {
    if (this !== data || key === '' || key === 'id') return value;
    if (typeof value === 'string') return Buffer.byteLength(value) > MAX_EVENT_FIELD_BYTES ? undefined : value;
    if (typeof value === 'object' && value !== null) return Buffer.byteLength(JSON.stringify(value)) > MAX_EVENT_FIELD_BYTES ? undefined : value;
    return value;
  });
}

/** A payload: `{ id }` plus what Medusa adds, or a bare id where Medusa sends one (`cart.customer_updated`). */
export type EventData = string | ({ id?: string } & Record<string, unknown>);

/** One event to record (emitEvents). */
export interface EventToEmit {
  name: EventName;
  data: EventData;
}

/**
 * Records an event in the caller's transaction: one INSERT (one round trip), nothing else.
 * Committed with the change, rolled back with it. A cart event nobody listens to is not
 * written (see eventAlwaysWritten); its id is answered all the same. Delivery to
 * subscribers is the relay's job (EventBus), after the commit. Without a transaction (a plain manager) the event is
 * written on its own, which suits events that report no change (a reset request).
 */
export async function emitEvent(manager: EntityManager, name: EventName, data: EventData): Promise<string> {
  const id = generateEntityId(OutboxEvent.idPrefix);
  const values = [id, name, storedEventData(data), LANE_NUMBER[laneOf(name)]];
  if (eventAlwaysWritten(name)) await manager.query(`INSERT INTO outbox_event (id, name, data, lane) VALUES ($1, $2, $3, $4)`, values);
  else await manager.query(`INSERT INTO outbox_event (id, name, data, lane) SELECT $1, $2, $3, $4 WHERE ${endpointWants('$2::text')}`, values);
  return id;
}

/**
 * Records several events in the caller's transaction with ONE INSERT whatever their number
 * (the gift cards of an order, an update's two events), in the given order (their `seq`).
 * Nothing is sent for none. Cart events nobody listens to are left out (eventAlwaysWritten).
 */
export async function emitEvents(manager: EntityManager, events: readonly EventToEmit[]): Promise<void> {
  if (events.length === 0) return;
  await manager.query(
    `INSERT INTO outbox_event (id, name, data, lane)
     ${selectEventRows(1)}`,
    eventRowsParams(events),
  );
}

/**
 * The data-modifying CTE that records `name` with `{ id }` (or the jsonb expression `data`,
 * whose parameter the caller bounds with storedEventData) for each row of the CTE `source`
 * (which has an `id` column), `$eventIdParam` being the event's id and `alwaysParam` a
 * boolean parameter holding eventAlwaysWritten(name) (a parameter, not text: the statement is
 * built once; `'true'` for an event that is always written): for a single-row write that
 * must stay one statement (a cart created without items, a checkout's new guest customer).
 */
export function eventFromRowSql(
  name: EventName,
  source: string,
  eventIdParam: string,
  alwaysParam: string,
  data = `jsonb_build_object('id', ${source}.id)`,
): string {
  return `INSERT INTO outbox_event (id, name, data, lane) SELECT ${eventIdParam}, '${name}', ${data}, ${LANE_NUMBER[laneOf(name)]}
     FROM ${source} WHERE ${alwaysParam}::boolean OR ${endpointWants(`'${name}'`)}`;
}

/**
 * The data-modifying CTE `emitted` that records `events` (in their order) inside another
 * statement, reading its values from parameters `$first` to `$first+4`: for a write that
 * must stay one statement (a cart change and its recalculation's first step). Cart events
 * nobody listens to are left out (eventAlwaysWritten).
 */
export function eventsCteSql(first: number, events: readonly EventToEmit[]): { sql: string; params: unknown[] } {
  return {
    sql: `emitted AS (
      INSERT INTO outbox_event (id, name, data, lane)
      ${selectEventRows(first)})`,
    params: eventRowsParams(events),
  };
}

/** The rows eventRowsParams' arrays (from `$first`) describe, in order, those nobody listens to left out. */
function selectEventRows(first: number): string {
  const p = (k: number) => `$${first + k}`;
  return `SELECT e.id, e.name, e.data, e.lane
      FROM unnest(${p(0)}::varchar[], ${p(1)}::varchar[], ${p(2)}::jsonb[], ${p(3)}::smallint[], ${p(4)}::boolean[]) WITH ORDINALITY AS e(id, name, data, lane, always, n)
     WHERE e.always OR ${endpointWants('e.name')}
     ORDER BY e.n`;
}

/** The ids, names, stored payloads, lanes and eventAlwaysWritten flags of `events`, as the arrays of the INSERTs above. */
function eventRowsParams(events: readonly EventToEmit[]): unknown[] {
  return [
    events.map(() => generateEntityId(OutboxEvent.idPrefix)),
    events.map((e) => e.name),
    events.map((e) => storedEventData(e.data)),
    events.map((e) => LANE_NUMBER[laneOf(e.name)]),
    events.map((e) => eventAlwaysWritten(e.name)),
  ];
}

/** A fresh outbox event id (for eventFromRowSql). */
export function newEventId(): string {
  return generateEntityId(OutboxEvent.idPrefix);
}

/** The customer fields Medusa's customer.created / customer.updated payloads carry (never the password hash). */
export function customerEventData(customer: {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  has_account: boolean;
  metadata: Record<string, unknown> | null;
}): Record<string, unknown> & { id: string } {
  const { id, email, first_name, last_name, phone, has_account, metadata } = customer;
  return { id, email, first_name, last_name, phone, has_account, metadata };
}

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
  | 'region.created'
  | 'region.updated'
  | 'region.deleted'
  | 'order.placed'
  | 'gift_card.created'
  | 'discount.created'
  | 'draft_order.created'
  | 'draft_order.updated'
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
  'region.created': 'business',
  'region.updated': 'business',
  'region.deleted': 'business',
  'order.placed': 'business',
  'gift_card.created': 'business',
  'discount.created': 'business',
  'draft_order.created': 'business',
  'draft_order.updated': 'business',
  'cart.created': 'cart',
  'cart.updated': 'cart',
  'cart.customer_updated': 'cart',
};

const LANE_NUMBER: Record<EventLane, number> = { business: 0, cart: 1 };

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
 * Committed with the change, rolled back with it. Delivery to subscribers is the relay's
 * job (EventBus), after the commit. Without a transaction (a plain manager) the event is
 * written on its own, which suits events that report no change (a reset request).
 */
export async function emitEvent(manager: EntityManager, name: EventName, data: EventData): Promise<string> {
  const id = generateEntityId(OutboxEvent.idPrefix);
  await manager.query(`INSERT INTO outbox_event (id, name, data, lane) VALUES ($1, $2, $3, $4)`, [id, name, storedEventData(data), LANE_NUMBER[laneOf(name)]]);
  return id;
}

/**
 * Records several events in the caller's transaction with ONE INSERT whatever their number
 * (the gift cards of an order, an update's two events), in the given order (their `seq`).
 * Nothing is sent for none.
 */
export async function emitEvents(manager: EntityManager, events: readonly EventToEmit[]): Promise<void> {
  if (events.length === 0) return;
  await manager.query(
    `INSERT INTO outbox_event (id, name, data, lane)
     SELECT e.id, e.name, e.data, e.lane FROM unnest($1::varchar[], $2::varchar[], $3::jsonb[], $4::smallint[]) WITH ORDINALITY AS e(id, name, data, lane, n) ORDER BY e.n`,
    eventRowsParams(events),
  );
}

/**
 * The data-modifying CTE that records `name` with `{ id }` for each row of the CTE `source`
 * (which has an `id` column), `$eventIdParam` being the event's id: for a single-row write
 * that must stay one statement (a cart created without items).
 */
export function eventFromRowSql(name: EventName, source: string, eventIdParam: string): string {
  return `INSERT INTO outbox_event (id, name, data, lane) SELECT ${eventIdParam}, '${name}', jsonb_build_object('id', ${source}.id), ${LANE_NUMBER[laneOf(name)]} FROM ${source}`;
}

/**
 * The data-modifying CTE `emitted` that records `events` (in their order) inside another
 * statement, reading its values from parameters `$first`, `$first+1`, `$first+2` and `$first+3`: for a
 * write that must stay one statement (a cart change and its recalculation's first step).
 */
export function eventsCteSql(first: number, events: readonly EventToEmit[]): { sql: string; params: unknown[] } {
  return {
    sql: `emitted AS (
      INSERT INTO outbox_event (id, name, data, lane)
      SELECT e.id, e.name, e.data, e.lane FROM unnest($${first}::varchar[], $${first + 1}::varchar[], $${first + 2}::jsonb[], $${first + 3}::smallint[]) WITH ORDINALITY AS e(id, name, data, lane, n) ORDER BY e.n)`,
    params: eventRowsParams(events),
  };
}

/** The ids, names, stored payloads and lanes of `events`, as the arrays of the INSERTs above. */
function eventRowsParams(events: readonly EventToEmit[]): unknown[] {
  return [
    events.map(() => generateEntityId(OutboxEvent.idPrefix)),
    events.map((e) => e.name),
    events.map((e) => storedEventData(e.data)),
    events.map((e) => LANE_NUMBER[laneOf(e.name)]),
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

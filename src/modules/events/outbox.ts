import type { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { OutboxEvent } from './outbox-event.entity';

/** Medusa v1 event names this service emits. */
export type EventName =
  | 'customer.created'
  | 'customer.updated'
  | 'customer.password_reset'
  | 'user.password_reset'
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
  | 'payment.payment_captured'
  | 'payment.payment_refund_created'
  | 'note.created'
  | 'note.updated'
  | 'note.deleted'
  | 'gift_card.created'
  | 'discount.created'
  | 'draft_order.created'
  | 'draft_order.updated'
  | 'cart.created'
  | 'cart.updated'
  | 'cart.customer_updated';

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
  await manager.query(`INSERT INTO outbox_event (id, name, data) VALUES ($1, $2, $3)`, [id, name, JSON.stringify(data)]);
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
    `INSERT INTO outbox_event (id, name, data)
     SELECT e.id, e.name, e.data FROM unnest($1::varchar[], $2::varchar[], $3::jsonb[]) WITH ORDINALITY AS e(id, name, data, n) ORDER BY e.n`,
    [events.map(() => generateEntityId(OutboxEvent.idPrefix)), events.map((e) => e.name), events.map((e) => JSON.stringify(e.data))],
  );
}

/**
 * The data-modifying CTE that records `name` with `{ id }` for each row of the CTE `source`
 * (which has an `id` column), `$eventIdParam` being the event's id: for a single-row write
 * that must stay one statement (a cart created without items).
 */
export function eventFromRowSql(name: EventName, source: string, eventIdParam: string): string {
  return `INSERT INTO outbox_event (id, name, data) SELECT ${eventIdParam}, '${name}', jsonb_build_object('id', ${source}.id) FROM ${source}`;
}

/**
 * The data-modifying CTE `emitted` that records `events` (in their order) inside another
 * statement, reading its values from parameters `$first`, `$first+1` and `$first+2`: for a
 * write that must stay one statement (a cart change and its recalculation's first step).
 */
export function eventsCteSql(first: number, events: readonly EventToEmit[]): { sql: string; params: unknown[] } {
  return {
    sql: `emitted AS (
      INSERT INTO outbox_event (id, name, data)
      SELECT e.id, e.name, e.data FROM unnest($${first}::varchar[], $${first + 1}::varchar[], $${first + 2}::jsonb[]) WITH ORDINALITY AS e(id, name, data, n) ORDER BY e.n)`,
    params: [events.map(() => generateEntityId(OutboxEvent.idPrefix)), events.map((e) => e.name), events.map((e) => JSON.stringify(e.data))],
  };
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

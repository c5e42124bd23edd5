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
  | 'gift_card.created'
  | 'discount.created'
  | 'draft_order.created';

/**
 * Records an event in the caller's transaction: one INSERT (one round trip), nothing else.
 * Committed with the change, rolled back with it. Delivery to subscribers is the relay's
 * job (EventBus), after the commit. Without a transaction (a plain manager) the event is
 * written on its own, which suits events that report no change (a reset request).
 */
export async function emitEvent(manager: EntityManager, name: EventName, data: { id?: string } & Record<string, unknown>): Promise<string> {
  const id = generateEntityId(OutboxEvent.idPrefix);
  await manager.query(`INSERT INTO outbox_event (id, name, data) VALUES ($1, $2, $3)`, [id, name, JSON.stringify(data)]);
  return id;
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

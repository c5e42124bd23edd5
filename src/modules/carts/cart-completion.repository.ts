import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ShippingMethodTaxLine } from '../shipping/shipping-method.entities';
import { eventsCteSql, type EventToEmit } from '../events/outbox';
import { LineItemTaxLine } from './line-item-tax-line.entity';

/* What placing an order writes of the cart: its tax lines, then the lines and methods moved to the order and the cart closed. */

/** A tax line to store for a line item or a shipping method (`owner`). */
export interface TaxLineToStore {
  owner: string;
  rate: number;
  name: string;
  code: string | null;
}

/**
 * Replaces the tax lines of these line items and shipping methods: the old ones deleted
 * (only for owners in `clear*`), the new ones inserted by one statement.
 */
export async function replaceTaxLines(
  manager: EntityManager,
  input: { clearItemIds: readonly string[]; clearMethodIds: readonly string[]; items: readonly TaxLineToStore[]; methods: readonly TaxLineToStore[] },
): Promise<void> {
  if (input.clearItemIds.length) await manager.query('DELETE FROM line_item_tax_line WHERE item_id = ANY($1::varchar[])', [input.clearItemIds]);
  if (input.clearMethodIds.length) {
    await manager.query('DELETE FROM shipping_method_tax_line WHERE shipping_method_id = ANY($1::varchar[])', [input.clearMethodIds]);
  }
  if (input.items.length === 0 && input.methods.length === 0) return;
  // Both kinds in one statement (distinct tables, so the two inserts cannot interfere).
  await manager.query(
    `WITH item_lines AS (
       INSERT INTO line_item_tax_line (id, item_id, rate, name, code, metadata)
       SELECT id, owner, rate, name, code, NULL FROM unnest($1::varchar[], $2::varchar[], $3::real[], $4::varchar[], $5::varchar[]) AS t(id, owner, rate, name, code))
     INSERT INTO shipping_method_tax_line (id, shipping_method_id, rate, name, code, metadata)
     SELECT id, owner, rate, name, code, NULL FROM unnest($6::varchar[], $7::varchar[], $8::real[], $9::varchar[], $10::varchar[]) AS t(id, owner, rate, name, code)`,
    [...taxLineColumns(input.items, LineItemTaxLine.idPrefix), ...taxLineColumns(input.methods, ShippingMethodTaxLine.idPrefix)],
  );
}

/** The rows as the five parallel arrays the unnest() of replaceTaxLines takes, each row with a fresh id. */
function taxLineColumns(rows: readonly TaxLineToStore[], idPrefix: string): unknown[] {
  return [rows.map(() => generateEntityId(idPrefix)), rows.map((r) => r.owner), rows.map((r) => r.rate), rows.map((r) => r.name), rows.map((r) => r.code)];
}

/**
 * Moves the cart's lines and shipping methods to the order and closes the cart with
 * `closing`, in one statement: the last write of a completion. The completion's `events`
 * (gift_card.created per card bought, then order.placed) ride in it: one round trip fewer.
 */
export async function closeCartIntoOrder(
  manager: EntityManager,
  input: {
    cartId: string;
    orderId: string;
    completedAt: Date;
    paymentAuthorizedAt: Date;
    paymentId: string | null;
    idempotencyKey: string;
    email: string;
    events: readonly EventToEmit[];
  },
): Promise<void> {
  const emitted = eventsCteSql(8, input.events);
  await manager.query(
    `WITH items AS (UPDATE line_item SET order_id = $2 WHERE cart_id = $1),
          methods AS (UPDATE shipping_method SET order_id = $2 WHERE cart_id = $1),
          ${emitted.sql}
     UPDATE cart SET completed_at = $3, payment_authorized_at = $4, payment_id = $5, idempotency_key = $6, email = $7, updated_at = now()
      WHERE id = $1`,
    [input.cartId, input.orderId, input.completedAt, input.paymentAuthorizedAt, input.paymentId, input.idempotencyKey, input.email, ...emitted.params],
  );
}

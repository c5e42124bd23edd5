import { EntityManager } from 'typeorm';
import { eventsCteSql, type EventToEmit } from '../events/outbox';
import { insertLineCteSql, type NewLineRow } from './line-items.repository';

/* What a cart change invalidates: shipping methods, discount adjustments, and what decides the rest of the recalculation. */

/** What dropDerivedRowsAfterCartChange answers about the cart. */
export interface CartChangeState {
  /** The cart has a live discount other than free shipping (the kind that makes adjustments). */
  has_regular_discount: boolean;
  has_sessions: boolean;
  /** A cart whose region is gone cannot be totalled. */
  region_live: boolean;
}

/** The cart's (`$1`) shipping methods dropped and its lines marked unshipped (lines already without shipping are not rewritten). */
const DROP_SHIPPING_METHODS = `
  dropped_shipping_methods AS (DELETE FROM shipping_method WHERE cart_id = $1 AND order_id IS NULL),
  cleared_has_shipping AS (UPDATE line_item SET has_shipping = false WHERE cart_id = $1 AND order_id IS NULL AND has_shipping IS DISTINCT FROM false)`;

/** The cart's (`$1`) discount adjustments dropped (custom adjustments without a discount are kept). */
const DROP_DISCOUNT_ADJUSTMENTS = `
  dropped_adjustments AS (
    DELETE FROM line_item_adjustment a USING line_item li
     WHERE li.cart_id = $1 AND a.item_id = li.id AND a.discount_id IS NOT NULL)`;

/** `$1`: the cart. */
export const HAS_PAYMENT_SESSIONS = 'EXISTS (SELECT 1 FROM payment_session WHERE cart_id = $1)';

const CART_CHANGE_STATE = `
  EXISTS (
    SELECT 1 FROM cart_discounts cd
      JOIN discount d ON d.id = cd.discount_id AND d.deleted_at IS NULL
      JOIN discount_rule r ON r.id = d.rule_id AND r.deleted_at IS NULL
     WHERE cd.cart_id = $1 AND r.type <> 'free_shipping') AS has_regular_discount,
  ${HAS_PAYMENT_SESSIONS} AS has_sessions,
  EXISTS (SELECT 1 FROM cart c JOIN region r ON r.id = c.region_id AND r.deleted_at IS NULL WHERE c.id = $1) AS region_live`;

/**
 * The fixed part of the recalculation after a cart change (CartRecalculationService), in
 * ONE statement: the discount adjustments dropped (they are rebuilt from the cart's
 * discount), the shipping methods dropped when items changed (their requirements depend
 * on the items, as in Medusa v1), and what decides the rest (CartChangeState). A new
 * line (`newLine`, the store's add) and the change's events ride in it too.
 */
export async function dropDerivedRowsAfterCartChange(
  manager: EntityManager,
  change: { cartId: string; itemsChanged: boolean; newLine?: NewLineRow; events?: readonly EventToEmit[] },
): Promise<CartChangeState> {
  const steps = [...(change.itemsChanged ? [DROP_SHIPPING_METHODS] : []), DROP_DISCOUNT_ADJUSTMENTS];
  const params: unknown[] = [change.cartId];
  if (change.newLine) {
    // The added line's INSERT rides in this statement: one round trip fewer per add.
    const inserted = insertLineCteSql(params.length + 1, change.newLine);
    steps.push(inserted.sql);
    params.push(...inserted.params);
  }
  if (change.events?.length) {
    // The change's events ride in this statement: one round trip fewer per cart write.
    const emitted = eventsCteSql(params.length + 1, change.events);
    steps.push(emitted.sql);
    params.push(...emitted.params);
  }
  const [state]: CartChangeState[] = await manager.query(`WITH ${steps.join(',')} SELECT ${CART_CHANGE_STATE}`, params);
  return state;
}

/** Whether the cart has any payment session (the common "nothing to refresh" case in one plain query). */
export async function cartHasPaymentSessions(manager: EntityManager, cartId: string): Promise<boolean> {
  const [row]: Array<{ has_sessions: boolean }> = await manager.query(`SELECT ${HAS_PAYMENT_SESSIONS} AS has_sessions`, [cartId]);
  return row.has_sessions;
}

/** Removes every shipping method of an open cart and clears `has_shipping` on its items. */
export async function deleteShippingMethods(manager: EntityManager, cartId: string): Promise<void> {
  await manager.query(`WITH ${DROP_SHIPPING_METHODS} SELECT 1`, [cartId]);
}

import { EntityManager } from 'typeorm';
import { eventsCteSql, type EventToEmit } from '../events/outbox';
import { HAS_PAYMENT_SESSIONS } from './cart-recalculation.repository';

/**
 * Adds a shipping method of `option` to the cart in one statement: the method of the same
 * profile goes, the new one comes, and `has_shipping` is recomputed. Every part works on
 * the statement's snapshot (the old methods), so the UPDATE states the result explicitly:
 * an item has shipping when its product's profile is the new method's, or when a method of
 * another profile (one the DELETE keeps) covers it, exactly what a re-read after the change
 * would find. The price is the cart's custom shipping option's for this option (a draft
 * order's) or `price`; a cart with custom options takes no other option (`allowed` false,
 * nothing written). Also answers whether the cart has payment sessions (they must follow
 * the new total). `events` (the change's `cart.updated`) ride in the same statement, one
 * round trip fewer: a refused option (`allowed` false) is thrown by the caller, which rolls
 * them back with the rest.
 */
export async function replaceShippingMethodOfProfile(
  manager: EntityManager,
  input: {
    cartId: string;
    methodId: string;
    optionId: string;
    profileId: string;
    price: number;
    data: Record<string, unknown>;
    events: readonly EventToEmit[];
  },
): Promise<{ allowed: boolean; has_sessions: boolean }> {
  const emitted = eventsCteSql(7, input.events);
  const [state]: Array<{ has_sessions: boolean; allowed: boolean }> = await manager.query(
    `WITH custom AS (
       SELECT count(*) = 0 OR bool_or(shipping_option_id = $4) AS allowed, min(price) FILTER (WHERE shipping_option_id = $4) AS price
         FROM custom_shipping_option WHERE cart_id = $1 AND deleted_at IS NULL),
     replaced AS (
       DELETE FROM shipping_method sm USING shipping_option so, custom
        WHERE custom.allowed AND sm.cart_id = $1 AND sm.order_id IS NULL AND so.id = sm.shipping_option_id AND so.profile_id = $2),
     added AS (
       INSERT INTO shipping_method (id, shipping_option_id, cart_id, order_id, price, data, includes_tax)
       SELECT $3, $4, $1, NULL, coalesce(custom.price, $5), $6, false FROM custom WHERE custom.allowed),
     covered AS (
     UPDATE line_item li SET has_shipping = EXISTS (
       SELECT 1 FROM product_variant pv JOIN product p ON p.id = pv.product_id
        WHERE pv.id = li.variant_id
          AND (p.profile_id = $2 OR EXISTS (
                SELECT 1 FROM shipping_method sm JOIN shipping_option so ON so.id = sm.shipping_option_id
                 WHERE sm.cart_id = li.cart_id AND so.profile_id = p.profile_id AND so.profile_id <> $2)))
      WHERE li.cart_id = $1 AND (SELECT allowed FROM custom)),
     ${emitted.sql}
     SELECT ${HAS_PAYMENT_SESSIONS} AS has_sessions, (SELECT allowed FROM custom) AS allowed`,
    [input.cartId, input.profileId, input.methodId, input.optionId, input.price, JSON.stringify(input.data), ...emitted.params],
  );
  return state;
}

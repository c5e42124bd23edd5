import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { ApiError } from '../../common/errors/api-error';
import { CART_HAS_PAYMENT_SESSIONS } from '../payments/payment-sessions.service';
import { ShippingMethod } from './shipping-method.entities';
import type { ShippingOption } from './shipping-option.entity';

/**
 * deleteAllForCart as data-modifying CTEs over `$1` (the cart id), for callers that fold it
 * into one statement with other follow-ups of an item change. Lines already without
 * shipping are not rewritten.
 */
export const DROP_CART_SHIPPING_METHODS = `
  dropped_shipping_methods AS (DELETE FROM shipping_method WHERE cart_id = $1 AND order_id IS NULL),
  cleared_has_shipping AS (UPDATE line_item SET has_shipping = false WHERE cart_id = $1 AND order_id IS NULL AND has_shipping IS DISTINCT FROM false)`;

/**
 * Shipping methods of a cart, written inside the caller's transaction while it holds the
 * cart row lock. The stored price is the option's (or a draft order's custom price); free
 * shipping is applied by the totals calculator and never written here.
 */
@Injectable()
export class ShippingMethodsService {
  /**
   * Adds a method for `option`, replacing any method of the same shipping profile (one
   * method per profile), and recomputes which items have shipping (`has_shipping`: the
   * item's product profile has a method on the cart). `price` is the option's; a custom
   * shipping option of the cart (a draft order's) for this option overrides it, and a cart
   * with custom shipping options takes no other option (400, as Medusa v1).
   */
  async addToCart(
    cartId: string,
    option: ShippingOption,
    input: { price: number; data: Record<string, unknown> },
    manager: EntityManager,
  ): Promise<{ cartHasPaymentSessions: boolean }> {
    // One statement: the method of the same profile goes, the new one comes, and
    // `has_shipping` is recomputed. Every part works on the statement's snapshot (the old
    // methods), so the UPDATE states the result explicitly: an item has shipping when its
    // product's profile is the new method's, or when a method of another profile (one the
    // DELETE keeps) covers it, exactly what a re-read after the change would find. It also
    // answers whether the cart has payment sessions (they must follow the new total), and
    // reads the cart's custom shipping options in the same round trip (nothing is written
    // when the option is not one of them).
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
        WHERE li.cart_id = $1 AND (SELECT allowed FROM custom))
       SELECT ${CART_HAS_PAYMENT_SESSIONS} AS has_sessions, (SELECT allowed FROM custom) AS allowed`,
      [cartId, option.profile_id, generateEntityId(ShippingMethod.idPrefix), option.id, input.price, JSON.stringify(input.data)],
    );
    if (!state.allowed) throw ApiError.invalid('Wrong shipping option');
    return { cartHasPaymentSessions: state.has_sessions };
  }

  /**
   * Removes every method of an open cart and clears `has_shipping` on its items; done on
   * any item change because the options' requirements depend on the items (Medusa v1).
   */
  async deleteAllForCart(cartId: string, manager: EntityManager): Promise<void> {
    await manager.query(`WITH ${DROP_CART_SHIPPING_METHODS} SELECT 1`, [cartId]);
  }
}

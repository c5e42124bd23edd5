import { SYSTEM_PAYMENT_PROVIDER_ID } from '../payments/payment-provider.registry';
import type { PaymentCart } from '../payments/payment-sessions.service';
import type { Cart } from './cart.entity';
import { CART_TOTALS_RELATIONS } from './cart-totals.service';

/** What a payment cart is built from (the same set as completion's, so one prepared statement serves both). */
export const PAYMENT_CART_RELATIONS = [...CART_TOTALS_RELATIONS, 'region.payment_providers', 'payment_sessions'];

/**
 * The cart as payment sessions see it, the one way to build it: `cart` loaded with
 * PAYMENT_CART_RELATIONS (or more), `total` its total with taxes forced. The providers
 * it may use are its region's, plus `system` for a draft order's cart (an admin marking
 * the order paid); shoppers never get `system` unless their region lists it.
 */
export function toPaymentCart(cart: Cart, total: number): PaymentCart {
  return {
    id: cart.id,
    email: cart.email,
    customer_id: cart.customer_id,
    currency_code: cart.region!.currency_code,
    total,
    provider_ids: [
      ...new Set([...(cart.region!.payment_providers ?? []).map((p) => p.id), ...(cart.type === 'draft_order' ? [SYSTEM_PAYMENT_PROVIDER_ID] : [])]),
    ].sort(),
  };
}

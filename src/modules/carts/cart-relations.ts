import type { Cart } from './cart.entity';
import { CART_TOTALS_RELATIONS } from './cart-totals.service';

/** The relations every cart response carries unless `expand` replaces them (Medusa v1's defaults). */
export const DEFAULT_CART_RELATIONS = [
  'gift_cards',
  'region',
  'region.countries',
  'region.payment_providers',
  'items',
  'items.variant',
  'items.adjustments',
  'payment',
  'payment_sessions',
  'shipping_address',
  'billing_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'sales_channel',
];

/**
 * What a cart can have the moment it is inserted without items (CartsService.create): its
 * region, sales channel and derived shipping address. Everything else is empty by
 * construction, so a new cart is read by its INSERT statement itself, over 7 tables
 * instead of 25 (every table a statement reads costs PostgreSQL a lock per execution).
 */
export const NEW_CART_RELATIONS = ['region', 'region.countries', 'region.payment_providers', 'shipping_address', 'sales_channel'];

/** The relations of DEFAULT_CART_RELATIONS that NEW_CART_RELATIONS leaves out. */
type RelationsANewCartLacks = 'gift_cards' | 'items' | 'payment' | 'payment_sessions' | 'billing_address' | 'shipping_methods' | 'discounts';

/**
 * The rest of DEFAULT_CART_RELATIONS on a cart just inserted without items, as a read
 * would give them ([] for a collection, null for a missing one): nothing can reference a
 * cart inside the statement that creates it. A fresh object per call (the answer is
 * decorated in place). cart-relations.spec.ts checks that the two lists cover the defaults.
 */
export function relationsOfNewCart(): Required<Pick<Cart, RelationsANewCartLacks>> {
  return { gift_cards: [], items: [], payment: null, payment_sessions: [], billing_address: null, shipping_methods: [], discounts: [] };
}

/** What `expand` may name on GET /store/carts/:id. */
export const ALLOWED_CART_RELATIONS = [
  ...DEFAULT_CART_RELATIONS,
  ...CART_TOTALS_RELATIONS,
  'customer',
  'region.fulfillment_providers',
  'items.tax_lines',
  'shipping_methods.tax_lines',
];

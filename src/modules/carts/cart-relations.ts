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

/** What `expand` may name on GET /store/carts/:id. */
export const ALLOWED_CART_RELATIONS = [
  ...DEFAULT_CART_RELATIONS,
  ...CART_TOTALS_RELATIONS,
  'customer',
  'region.fulfillment_providers',
  'items.tax_lines',
  'shipping_methods.tax_lines',
];

import { ORDER_TOTAL_FIELDS } from './order-totals';

/**
 * Every relation list of an order answer, store and admin: the defaults each route loads,
 * what `expand` may name, what the totals need, and what has no table here. Routes and
 * services import them from here only.
 */

/** Relations every order response carries unless `expand` replaces them (Medusa v1's store defaults). */
export const DEFAULT_ORDER_RELATIONS = [
  'customer',
  'discounts',
  'discounts.rule',
  'items',
  'items.variant',
  'payments',
  'region',
  'region.payment_providers',
  'region.fulfillment_providers',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
];

/** Relations the totals need; always loaded (with the lines' variants, as Medusa's getTotalsRelations loads them). */
export const ORDER_TOTALS_RELATIONS = [
  'region',
  'items',
  'items.variant',
  'items.tax_lines',
  'items.adjustments',
  'shipping_methods',
  'shipping_methods.tax_lines',
  'discounts',
  'discounts.rule',
  'gift_cards',
  'payments',
  'refunds',
];

export const ALLOWED_ORDER_RELATIONS = [
  ...new Set([
    ...DEFAULT_ORDER_RELATIONS,
    ...ORDER_TOTALS_RELATIONS,
    'billing_address',
    'items.variant.product',
    'items.variant.product.profile',
    'items.variant.product.profiles',
    'sales_channel',
    'currency',
    'cart',
  ]),
];

/**
 * The store order routes' relations, as Medusa v1.20 has them (routes/store/orders/index.ts);
 * a fulfilment always comes with its items (withFulfillmentItems).
 */
export const STORE_ORDER_DEFAULT_RELATIONS = [
  'shipping_address',
  'fulfillments',
  'fulfillments.tracking_links',
  'items',
  'items.variant',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'customer',
  'payments',
  'region',
];
export const STORE_ORDER_ALLOWED_RELATIONS = [...STORE_ORDER_DEFAULT_RELATIONS, 'billing_address'];

/** The relations Medusa's cart completion asks for beside the totals' (its completion strategy). */
export const PLACED_ORDER_RELATIONS = ['shipping_address', 'items', 'payments'];

/** A fulfilment always comes with its items (Medusa's entity loads them eagerly). */
export const withFulfillmentItems = (relations: readonly string[]): string[] =>
  relations.includes('fulfillments') ? [...new Set([...relations, 'fulfillments.items'])] : [...relations];

/**
 * Relations Medusa 1.20 loads for an order's totals and leaves in the answers it does not
 * clean (the order by cart, a customer's order list): claims and swaps, which this service
 * does not have, answered as empty lists (seen on a real Medusa 1.20.10); refunds are loaded.
 */
export const UNSUPPORTED_TOTALS_RELATIONS = ['claims', 'swaps'] as const;

/** What GET /store/orders/cart/:id keeps whatever `fields` names (Medusa selects the fields but does not clean the answer). */
export const STORE_ORDER_BY_CART_KEPT_WITH_FIELDS = ['object', 'gift_cards', 'gift_card_transactions', 'refunds', ...UNSUPPORTED_TOTALS_RELATIONS];

/**
 * What GET /store/customers/me/orders keeps whatever `fields` names, as Medusa's uncleaned
 * list answers it: the relations its totals load, `created_at`, `tax_rate`, `object`, and
 * `raw_discount_total` unless `fields` names a total (seen on a real 1.20.10).
 */
export const CUSTOMER_ORDERS_KEPT_WITH_FIELDS = [
  ...STORE_ORDER_BY_CART_KEPT_WITH_FIELDS,
  'items',
  'discounts',
  'shipping_methods',
  'region',
  'payments',
  'tax_rate',
  'raw_discount_total',
];

/** Medusa's defaultAdminOrdersRelations (top level and what this service has below it), with `sales_channel`. */
export const ADMIN_ORDER_RELATIONS = [
  'billing_address',
  'claims',
  'customer',
  'discounts',
  'discounts.rule',
  'fulfillments',
  'fulfillments.items',
  'fulfillments.tracking_links',
  'gift_card_transactions',
  'gift_cards',
  'items',
  'payments',
  'refunds',
  'region',
  'returns',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'shipping_methods.tax_lines',
  'swaps',
  'sales_channel',
];

/**
 * Relations of Medusa's admin orders this service has no rows for: returns, claims, swaps
 * and order edits are not part of it, so an order always has none (Medusa's answer for an
 * order that was never returned or changed).
 */
export const EMPTY_ORDER_RELATIONS = ['returns', 'claims', 'swaps', 'edits'] as const;

/**
 * Beyond the defaults: what this service can load, and the paths below the relations it
 * has no rows for (returns, claims, swaps) that Medusa's dashboard expands on the order
 * page; those answer [].
 */
export const ADMIN_ORDER_ALLOWED_RELATIONS = [
  ...ADMIN_ORDER_RELATIONS,
  'items.variant',
  'items.variant.product',
  'items.variant.product.profiles',
  'items.tax_lines',
  'items.adjustments',
  'region.payment_providers',
  'region.fulfillment_providers',
  'currency',
  'returnable_items',
  'edits',
  'fulfillments.items',
  'fulfillments.tracking_links',
  'returns.items',
  'returns.items.reason',
  'returns.shipping_method',
  'returns.shipping_method.shipping_option',
  'returns.shipping_method.tax_lines',
  'claims.additional_items',
  'claims.additional_items.variant',
  'claims.additional_items.variant.product.profiles',
  'claims.claim_items',
  'claims.claim_items.images',
  'claims.claim_items.item',
  'claims.fulfillments',
  'claims.fulfillments.tracking_links',
  'claims.return_order',
  'claims.return_order.shipping_method',
  'claims.return_order.shipping_method.tax_lines',
  'claims.shipping_address',
  'claims.shipping_methods',
  'swaps.additional_items',
  'swaps.additional_items.variant',
  'swaps.additional_items.variant.product.profiles',
  'swaps.fulfillments',
  'swaps.fulfillments.tracking_links',
  'swaps.payment',
  'swaps.return_order',
  'swaps.return_order.shipping_method',
  'swaps.return_order.shipping_method.shipping_option',
  'swaps.return_order.shipping_method.tax_lines',
  'swaps.shipping_address',
  'swaps.shipping_methods',
  'swaps.shipping_methods.shipping_option',
  'swaps.shipping_methods.tax_lines',
];

export const ADMIN_ORDER_COMPUTED_FIELDS = [...ORDER_TOTAL_FIELDS, 'paid_total', 'refunded_total', 'refundable_amount', 'object', 'gift_card_transactions'];

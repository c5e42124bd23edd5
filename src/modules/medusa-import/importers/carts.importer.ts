import { isInteger, type ImportKind } from '../import-kind';

/**
 * Carts of swaps, claims and payment links belong to flows this service does not serve;
 * everything hanging off them is skipped with them.
 */
const OUT_OF_SCOPE_CART = (alias: string) => `${alias}.type::text IN ('swap', 'claim', 'payment_link')`;

/** The row's cart, when it is one of those (alias `c`), or null. */
const cartJoin = `LEFT JOIN cart c ON c.id = s.cart_id`;
const keptCartId = `CASE WHEN ${OUT_OF_SCOPE_CART('c')} THEN NULL ELSE s.cart_id END`;
/** Rows of neither a kept cart nor an order: swaps', claims', returns', order edits'. */
const orphan = `s.order_id IS NULL AND (s.cart_id IS NULL OR c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')})`;
const ORPHAN_REASON = 'of swaps, claims, returns or order edits, which are not carried over';

const itemJoin = `JOIN line_item li ON li.id = s.item_id LEFT JOIN cart c ON c.id = li.cart_id`;
const orphanItem = `li.order_id IS NULL AND (li.cart_id IS NULL OR c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')})`;

const integer =
  (...columns: string[]) =>
  (row: Record<string, unknown>) => {
    const bad = columns.find((c) => row[c] !== null && row[c] !== undefined && !isInteger(row[c]));
    return bad ? `${bad} ${String(row[bad])} is not an integer` : undefined;
  };

/** Carts (open ones, draft orders' and orders'), with everything a cart carries. */
export const cartKinds: ImportKind[] = [
  {
    name: 'carts',
    target: 'cart',
    source: 'cart',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'deleted_at',
      'email',
      'billing_address_id',
      'shipping_address_id',
      'region_id',
      'customer_id',
      'payment_id',
      'type',
      'completed_at',
      'payment_authorized_at',
      'idempotency_key',
      'context',
      'sales_channel_id',
      'metadata',
    ],
    expressions: { type: 's.type::text' },
    // The cart's payment points back at the cart: set once payments are in.
    deferred: ['payment_id'],
    skip: { where: OUT_OF_SCOPE_CART('s'), reason: 'carts of swaps, claims and payment links' },
  },
];

/** What hangs off carts and orders: lines, adjustments, tax lines, shipping, payments, codes and cards. */
export const cartContentKinds: ImportKind[] = [
  {
    name: 'payments',
    target: 'payment',
    source: 'payment',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'cart_id',
      'order_id',
      'amount',
      'currency_code',
      'amount_refunded',
      'provider_id',
      'data',
      'captured_at',
      'canceled_at',
      'idempotency_key',
      'metadata',
    ],
    joins: () => cartJoin,
    expressions: { cart_id: keptCartId, currency_code: 'lower(s.currency_code)', data: `COALESCE(s.data, '{}'::jsonb)` },
    skip: { where: orphan, reason: `payments ${ORPHAN_REASON}` },
    check: integer('amount', 'amount_refunded'),
  },
  {
    name: 'payment sessions',
    target: 'payment_session',
    source: 'payment_session',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'cart_id',
      'provider_id',
      'is_selected',
      'is_initiated',
      'status',
      'data',
      'idempotency_key',
      'amount',
      'payment_authorized_at',
    ],
    joins: () => cartJoin,
    expressions: { status: 's.status::text', data: `COALESCE(s.data, '{}'::jsonb)` },
    skip: {
      where: `s.cart_id IS NULL OR c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')}`,
      reason: 'payment collection sessions and sessions of swaps, claims, payment links',
    },
  },
  {
    name: 'line items',
    target: 'line_item',
    source: 'line_item',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'cart_id',
      'order_id',
      'original_item_id',
      'title',
      'description',
      'thumbnail',
      'is_return',
      'is_giftcard',
      'should_merge',
      'allow_discounts',
      'has_shipping',
      'unit_price',
      'variant_id',
      'quantity',
      'fulfilled_quantity',
      'returned_quantity',
      'shipped_quantity',
      'includes_tax',
      'metadata',
    ],
    joins: () => cartJoin,
    expressions: { cart_id: keptCartId },
    skip: { where: orphan, reason: `line items ${ORPHAN_REASON}` },
    check: (row) => (row.quantity === null || Number(row.quantity) < 1 ? 'quantity below 1' : integer('unit_price', 'quantity')(row)),
  },
  {
    name: 'line item adjustments',
    target: 'line_item_adjustment',
    source: 'line_item_adjustment',
    key: ['id'],
    columns: ['id', 'item_id', 'description', 'discount_id', 'amount', 'metadata'],
    joins: () => itemJoin,
    skip: { where: orphanItem, reason: `adjustments of line items ${ORPHAN_REASON}` },
  },
  {
    name: 'line item tax lines',
    target: 'line_item_tax_line',
    source: 'line_item_tax_line',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'rate', 'name', 'code', 'item_id', 'metadata'],
    joins: () => itemJoin,
    skip: { where: orphanItem, reason: `tax lines of line items ${ORPHAN_REASON}` },
  },
  {
    name: 'shipping methods',
    target: 'shipping_method',
    source: 'shipping_method',
    key: ['id'],
    columns: ['id', 'shipping_option_id', 'order_id', 'cart_id', 'price', 'data', 'includes_tax'],
    joins: () => cartJoin,
    expressions: { cart_id: keptCartId, data: `COALESCE(s.data, '{}'::jsonb)` },
    skip: { where: orphan, reason: `shipping methods ${ORPHAN_REASON}` },
    check: integer('price'),
  },
  {
    name: 'shipping method tax lines',
    target: 'shipping_method_tax_line',
    source: 'shipping_method_tax_line',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'rate', 'name', 'code', 'shipping_method_id', 'metadata'],
    joins: () => `JOIN shipping_method sm ON sm.id = s.shipping_method_id LEFT JOIN cart c ON c.id = sm.cart_id`,
    skip: {
      where: `sm.order_id IS NULL AND (sm.cart_id IS NULL OR c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')})`,
      reason: `tax lines of shipping methods ${ORPHAN_REASON}`,
    },
  },
  {
    name: 'custom shipping options',
    target: 'custom_shipping_option',
    source: 'custom_shipping_option',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'deleted_at', 'price', 'shipping_option_id', 'cart_id', 'metadata'],
    joins: () => cartJoin,
    skip: {
      where: `s.cart_id IS NOT NULL AND (c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')})`,
      reason: 'custom shipping options of swaps, claims and payment links',
    },
    optional: true,
  },
  {
    name: 'cart discounts',
    target: 'cart_discounts',
    source: 'cart_discounts',
    key: ['cart_id', 'discount_id'],
    columns: ['cart_id', 'discount_id'],
    joins: () => cartJoin,
    skip: { where: `c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')}`, reason: 'codes on carts of swaps, claims and payment links' },
    insertOnly: true,
  },
  {
    name: 'cart gift cards',
    target: 'cart_gift_cards',
    source: 'cart_gift_cards',
    key: ['cart_id', 'gift_card_id'],
    columns: ['cart_id', 'gift_card_id'],
    joins: () => cartJoin,
    skip: { where: `c.id IS NULL OR ${OUT_OF_SCOPE_CART('c')}`, reason: 'gift cards on carts of swaps, claims and payment links' },
    insertOnly: true,
  },
  {
    name: 'order discounts',
    target: 'order_discounts',
    source: 'order_discounts',
    key: ['order_id', 'discount_id'],
    columns: ['order_id', 'discount_id'],
    insertOnly: true,
  },
  {
    name: 'order gift cards',
    target: 'order_gift_cards',
    source: 'order_gift_cards',
    key: ['order_id', 'gift_card_id'],
    columns: ['order_id', 'gift_card_id'],
    insertOnly: true,
  },
];

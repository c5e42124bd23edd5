import { requireColumns, type ImportKind } from '../import-kind';

const TIMES = ['created_at', 'updated_at'];

/** Swaps and claims are not carried over, so neither are their fulfilments (nor those fulfilments' items and links). */
const NOT_AN_ORDERS_FULFILMENT = { where: 's.order_id IS NULL', reason: 'fulfilments of swaps and claims; swaps and claims are not carried over' };
const FULFILMENT_OF_ROW = () => 'LEFT JOIN fulfillment f ON f.id = s.fulfillment_id';
const OF_A_SKIPPED_FULFILMENT = { where: 'f.order_id IS NULL', reason: 'of fulfilments of swaps and claims' };

/**
 * What happened to orders after checkout: fulfilments with their items and tracking links,
 * refunds and staff notes. Written after line items and payments, which they point at.
 */
export const orderLifecycleKinds: ImportKind[] = [
  {
    name: 'fulfillments',
    target: 'fulfillment',
    source: 'fulfillment',
    key: ['id'],
    columns: [
      'id',
      ...TIMES,
      'order_id',
      'provider_id',
      'location_id',
      'data',
      'tracking_numbers',
      'shipped_at',
      'canceled_at',
      'no_notification',
      'metadata',
      'idempotency_key',
    ],
    skip: NOT_AN_ORDERS_FULFILMENT,
    check: requireColumns('provider_id'),
  },
  {
    name: 'fulfillment items',
    target: 'fulfillment_item',
    source: 'fulfillment_item',
    key: ['fulfillment_id', 'item_id'],
    columns: ['fulfillment_id', 'item_id', 'quantity'],
    joins: FULFILMENT_OF_ROW,
    skip: OF_A_SKIPPED_FULFILMENT,
  },
  {
    name: 'tracking links',
    target: 'tracking_link',
    source: 'tracking_link',
    key: ['id'],
    columns: ['id', ...TIMES, 'deleted_at', 'fulfillment_id', 'tracking_number', 'url', 'metadata', 'idempotency_key'],
    joins: FULFILMENT_OF_ROW,
    skip: OF_A_SKIPPED_FULFILMENT,
  },
  {
    name: 'refunds',
    target: 'refund',
    source: 'refund',
    key: ['id'],
    columns: ['id', ...TIMES, 'order_id', 'payment_id', 'amount', 'note', 'reason', 'metadata', 'idempotency_key'],
    expressions: { reason: 's.reason::text' },
    check: requireColumns('amount', 'reason'),
  },
  {
    name: 'notes',
    target: 'note',
    source: 'note',
    key: ['id'],
    columns: ['id', ...TIMES, 'deleted_at', 'value', 'resource_type', 'resource_id', 'author_id', 'metadata'],
    check: requireColumns('value', 'resource_type', 'resource_id'),
  },
];

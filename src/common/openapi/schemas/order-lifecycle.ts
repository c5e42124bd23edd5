import { ref, SchemaObject } from './schema-object';

// What an order holds after checkout (fulfilments, their items and tracking links, refunds)
// and the answers of the payment and note routes, as Medusa v1's OpenAPI components have them.

const timestamps = {
  created_at: { type: 'string', format: 'date-time' },
  updated_at: { type: 'string', format: 'date-time' },
} as const;

export const ORDER_LIFECYCLE_SCHEMAS = {
  Fulfillment: {
    description: 'Goods of an order prepared for shipping by a fulfillment provider; shipping it adds its tracking links.',
    type: 'object',
    required: [
      'canceled_at',
      'claim_order_id',
      'created_at',
      'data',
      'id',
      'idempotency_key',
      'location_id',
      'metadata',
      'no_notification',
      'order_id',
      'provider_id',
      'shipped_at',
      'swap_id',
      'tracking_numbers',
      'updated_at',
    ],
    properties: {
      id: { type: 'string' },
      claim_order_id: { nullable: true, type: 'string' },
      swap_id: { nullable: true, type: 'string' },
      order_id: { nullable: true, type: 'string' },
      provider_id: { type: 'string' },
      location_id: { nullable: true, type: 'string' },
      items: { type: 'array', items: ref('FulfillmentItem') },
      tracking_links: { type: 'array', items: ref('TrackingLink') },
      tracking_numbers: { type: 'array', items: { type: 'string' } },
      data: { type: 'object' },
      shipped_at: { nullable: true, type: 'string', format: 'date-time' },
      no_notification: { nullable: true, type: 'boolean' },
      canceled_at: { nullable: true, type: 'string', format: 'date-time' },
      idempotency_key: { nullable: true, type: 'string' },
      ...timestamps,
      metadata: { nullable: true, type: 'object' },
    },
  },
  FulfillmentItem: {
    description: 'How many units of a line item a fulfillment holds.',
    type: 'object',
    required: ['fulfillment_id', 'item_id', 'quantity'],
    properties: {
      fulfillment_id: { type: 'string' },
      item_id: { type: 'string' },
      item: { nullable: true, allOf: [ref('LineItem')] },
      quantity: { type: 'integer' },
    },
  },
  TrackingLink: {
    description: 'A tracking number of a shipped fulfillment.',
    type: 'object',
    required: ['created_at', 'deleted_at', 'fulfillment_id', 'id', 'idempotency_key', 'metadata', 'tracking_number', 'updated_at', 'url'],
    properties: {
      id: { type: 'string' },
      url: { nullable: true, type: 'string' },
      tracking_number: { type: 'string' },
      fulfillment_id: { type: 'string' },
      idempotency_key: { nullable: true, type: 'string' },
      ...timestamps,
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
  Refund: {
    description: 'An amount of money given back to the customer for a given reason.',
    type: 'object',
    required: ['amount', 'created_at', 'id', 'idempotency_key', 'metadata', 'note', 'order_id', 'payment_id', 'reason', 'updated_at'],
    properties: {
      id: { type: 'string' },
      order_id: { nullable: true, type: 'string' },
      payment_id: { nullable: true, type: 'string' },
      amount: { type: 'integer' },
      note: { nullable: true, type: 'string' },
      reason: { type: 'string', enum: ['discount', 'return', 'swap', 'claim', 'other'] },
      idempotency_key: { nullable: true, type: 'string' },
      ...timestamps,
      metadata: { nullable: true, type: 'object' },
    },
  },
} satisfies Record<string, SchemaObject>;

export const ORDER_LIFECYCLE_RESPONSES = {
  AdminPaymentRes: { type: 'object', description: "The payment's details.", required: ['payment'], properties: { payment: ref('Payment') } },
  AdminNotesRes: { type: 'object', description: "The note's details.", required: ['note'], properties: { note: ref('Note') } },
  AdminNotesDeleteRes: {
    type: 'object',
    description: 'The details of the deleted note.',
    required: ['id', 'object', 'deleted'],
    properties: { id: { type: 'string' }, object: { type: 'string', default: 'note' }, deleted: { type: 'boolean', default: true } },
  },
  AdminNotificationsRes: {
    type: 'object',
    description: "The notification's details.",
    required: ['notification'],
    properties: { notification: ref('Notification') },
  },
  AdminRefundRes: { type: 'object', description: "The refund's details.", required: ['refund'], properties: { refund: ref('Refund') } },
} satisfies Record<string, SchemaObject>;

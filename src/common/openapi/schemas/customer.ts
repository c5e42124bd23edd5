import { ref, SchemaObject } from './schema-object';

// Shapes as Medusa v1's OpenAPI components describe them (names, required fields, types,
// nullability), so that types generated from /docs-json are Medusa's. Relations are optional:
// they are present only when loaded by default or named in `expand`.

export const CUSTOMER_SCHEMAS = {
  Customer: {
    description: 'A customer can make purchases in your store and manage their profile.',
    type: 'object',
    required: ['billing_address_id', 'created_at', 'deleted_at', 'email', 'first_name', 'has_account', 'id', 'last_name', 'metadata', 'phone', 'updated_at'],
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      first_name: { nullable: true, type: 'string' },
      last_name: { nullable: true, type: 'string' },
      billing_address_id: { nullable: true, type: 'string' },
      billing_address: { nullable: true, allOf: [ref('Address')] },
      shipping_addresses: { type: 'array', items: ref('Address') },
      phone: { nullable: true, type: 'string' },
      has_account: { type: 'boolean', default: false },
      orders: { type: 'array', items: ref('Order') },
      groups: { type: 'array', items: ref('CustomerGroup') },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
  // How the store shows a guest customer (no account) on a cart or order: its id and email only,
  // so that typing someone's email into a cart reveals nothing of earlier orders.
  GuestCustomerView: {
    description: 'A guest customer as the store shows it through a cart or an order: its id and email, everything else empty.',
    type: 'object',
    required: ['id', 'email', 'first_name', 'last_name', 'phone', 'billing_address_id', 'has_account', 'metadata', 'deleted_at'],
    properties: {
      id: { type: 'string' },
      email: { type: 'string', format: 'email' },
      first_name: { nullable: true, type: 'string', enum: [null] },
      last_name: { nullable: true, type: 'string', enum: [null] },
      phone: { nullable: true, type: 'string', enum: [null] },
      billing_address_id: { nullable: true, type: 'string', enum: [null] },
      has_account: { type: 'boolean', enum: [false] },
      metadata: { nullable: true, type: 'object', enum: [null] },
      deleted_at: { nullable: true, type: 'string', enum: [null] },
    },
  },
  CustomerGroup: {
    description: 'A customer group that can be used to organize customers into groups of similar traits.',
    type: 'object',
    required: ['created_at', 'deleted_at', 'id', 'metadata', 'name', 'updated_at'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string' },
      customers: { type: 'array', items: ref('Customer') },
      price_lists: { type: 'array', items: { type: 'object' } },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
} satisfies Record<string, SchemaObject>;

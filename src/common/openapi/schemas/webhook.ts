import { listResponse, ref, SchemaObject } from './schema-object';

/** Webhook endpoints and deliveries (no Medusa v1 counterpart: this service's own). */
export const WEBHOOK_SCHEMAS = {
  WebhookEndpoint: {
    type: 'object',
    description: 'An endpoint receiving signed event deliveries (Standard Webhooks).',
    required: ['id', 'url', 'events', 'description', 'is_disabled', 'disabled_at', 'created_at', 'updated_at'],
    properties: {
      id: { type: 'string' },
      url: { type: 'string', format: 'uri' },
      events: { type: 'array', items: { type: 'string' } },
      description: { type: 'string', nullable: true },
      is_disabled: { type: 'boolean' },
      disabled_at: { type: 'string', format: 'date-time', nullable: true },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  },
  WebhookDelivery: {
    type: 'object',
    description: 'One event sent to one endpoint; its id is the webhook-id header of every attempt.',
    required: [
      'id',
      'endpoint_id',
      'event_id',
      'event_name',
      'payload',
      'status',
      'attempts',
      'response_status',
      'last_error',
      'delivered_at',
      'created_at',
      'updated_at',
    ],
    properties: {
      id: { type: 'string' },
      endpoint_id: { type: 'string' },
      event_id: { type: 'string' },
      event_name: { type: 'string' },
      payload: { type: 'object' },
      status: { type: 'string', enum: ['pending', 'retrying', 'succeeded', 'failed', 'superseded'] },
      attempts: { type: 'integer' },
      response_status: { type: 'integer', nullable: true },
      last_error: { type: 'string', nullable: true },
      delivered_at: { type: 'string', format: 'date-time', nullable: true },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
    },
  },
} satisfies Record<string, SchemaObject>;

export const WEBHOOK_RESPONSES = {
  AdminWebhookCreatedRes: {
    type: 'object',
    description: 'The endpoint, with its new signing secret (shown this once).',
    required: ['webhook'],
    properties: {
      webhook: { allOf: [ref('WebhookEndpoint'), { type: 'object', required: ['secret'], properties: { secret: { type: 'string' } } }] },
    },
  },
  AdminWebhooksRes: { type: 'object', description: 'The endpoint.', required: ['webhook'], properties: { webhook: ref('WebhookEndpoint') } },
  AdminWebhooksDeleteRes: {
    type: 'object',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'webhook' },
      deleted: { type: 'boolean', default: true },
    },
  },
  AdminWebhooksListRes: listResponse('webhooks', ref('WebhookEndpoint'), 'The endpoints with pagination fields.'),
  AdminWebhookDeliveriesListRes: listResponse('deliveries', ref('WebhookDelivery'), 'The deliveries with pagination fields.'),
  AdminWebhookDeliveryRes: { type: 'object', description: 'The delivery.', required: ['delivery'], properties: { delivery: ref('WebhookDelivery') } },
} satisfies Record<string, SchemaObject>;

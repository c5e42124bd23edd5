import { ref, SchemaObject } from './schema-object';

// Shapes as Medusa v1's OpenAPI components describe them (names, required fields, types,
// nullability), so that types generated from /docs-json are Medusa's. Relations are optional:
// they are present only when loaded by default or named in `expand`.

export const PLATFORM_SCHEMAS = {
  User: {
    description: 'A User is an administrator who can manage store settings and data.',
    type: 'object',
    // Medusa also lists `api_token`; a secret, it is never sent here.
    required: ['created_at', 'deleted_at', 'email', 'first_name', 'id', 'last_name', 'metadata', 'role', 'updated_at'],
    properties: {
      id: { type: 'string' },
      role: { type: 'string', enum: ['admin', 'member', 'developer'], default: 'member' },
      email: { type: 'string', format: 'email' },
      first_name: { nullable: true, type: 'string' },
      last_name: { nullable: true, type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
  Invite: {
    description: "An invite is created when an admin user invites a new user to join the store's team. Once the invite is accepted, it's deleted.",
    type: 'object',
    // Medusa also lists `token`; only its digest is kept here, and it is never sent.
    required: ['accepted', 'created_at', 'deleted_at', 'expires_at', 'id', 'metadata', 'role', 'updated_at', 'user_email'],
    properties: {
      id: { type: 'string' },
      user_email: { type: 'string', format: 'email' },
      role: { nullable: true, type: 'string', enum: ['admin', 'member', 'developer'], default: 'member' },
      accepted: { type: 'boolean', default: false },
      expires_at: { type: 'string', format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
  OAuth: {
    description: 'An Oauth app is typically created by a plugin to handle authentication to third-party services.',
    type: 'object',
    required: ['application_name', 'data', 'display_name', 'id', 'install_url', 'uninstall_url'],
    properties: {
      id: { type: 'string' },
      display_name: { type: 'string' },
      application_name: { type: 'string' },
      install_url: { nullable: true, type: 'string', format: 'uri' },
      uninstall_url: { nullable: true, type: 'string', format: 'uri' },
      data: { nullable: true, type: 'object' },
    },
  },
  BatchJob: {
    description: 'A Batch Job indicates an asynchronus task stored in the Medusa backend. Its status determines whether it has been executed or not.',
    type: 'object',
    required: [
      'dry_run',
      'canceled_at',
      'completed_at',
      'confirmed_at',
      'context',
      'created_at',
      'created_by',
      'deleted_at',
      'failed_at',
      'id',
      'pre_processed_at',
      'processing_at',
      'result',
      'status',
      'type',
      'updated_at',
    ],
    properties: {
      id: { type: 'string' },
      // Any registered strategy's type (product-import, product-export, order-export, ...).
      type: { type: 'string' },
      status: {
        type: 'string',
        enum: ['created', 'pre_processed', 'confirmed', 'processing', 'completed', 'canceled', 'failed'],
        default: 'created',
      },
      created_by: { nullable: true, type: 'string' },
      created_by_user: { nullable: true, allOf: [ref('User')] },
      context: { nullable: true, type: 'object' },
      dry_run: { type: 'boolean', default: false },
      result: {
        nullable: true,
        allOf: [
          { type: 'object' },
          {
            type: 'object',
            properties: {
              count: { type: 'number' },
              advancement_count: { type: 'number' },
              progress: { type: 'number' },
              // product-import: how many of each operation the file holds, under Medusa's OperationType names.
              operations: {
                type: 'object',
                properties: {
                  PRODUCT_CREATE: { type: 'integer' },
                  VARIANT_CREATE: { type: 'integer' },
                  PRODUCT_UPDATE: { type: 'integer' },
                  VARIANT_UPDATE: { type: 'integer' },
                },
              },
              // Lists, as Medusa's strategies write them (its schema shows a single object).
              errors: {
                type: 'array',
                items: {
                  anyOf: [
                    {
                      type: 'object',
                      properties: {
                        message: { type: 'string' },
                        code: { anyOf: [{ type: 'string' }, { type: 'number' }] },
                        row: { type: 'integer' },
                        column: { type: 'string' },
                      },
                    },
                    { type: 'string' },
                  ],
                },
              },
              stat_descriptors: {
                type: 'array',
                items: { type: 'object', properties: { key: { type: 'string' }, name: { type: 'string' }, message: { type: 'string' } } },
              },
              file_key: { type: 'string' },
              file_size: { type: 'number' },
            },
          },
        ],
      },
      pre_processed_at: { nullable: true, type: 'string', format: 'date-time' },
      processing_at: { nullable: true, type: 'string', format: 'date-time' },
      confirmed_at: { nullable: true, type: 'string', format: 'date-time' },
      completed_at: { nullable: true, type: 'string', format: 'date-time' },
      canceled_at: { nullable: true, type: 'string', format: 'date-time' },
      failed_at: { nullable: true, type: 'string', format: 'date-time' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
    },
  },
} satisfies Record<string, SchemaObject>;

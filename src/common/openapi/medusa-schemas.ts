import type { OpenAPIObject } from '@nestjs/swagger';
import { requireExpandedRelations } from './expanded-relations';
import { ADMIN_DASHBOARD_RESPONSES, ADMIN_DASHBOARD_SCHEMAS } from './schemas/admin-dashboard';
import { ADMIN_RESPONSES } from './schemas/admin-responses';
import { CART_SCHEMAS } from './schemas/cart';
import { CUSTOMER_SCHEMAS } from './schemas/customer';
import { DISCOUNT_SCHEMAS } from './schemas/discount';
import { ORDER_SCHEMAS } from './schemas/order';
import { ORDER_LIFECYCLE_RESPONSES, ORDER_LIFECYCLE_SCHEMAS } from './schemas/order-lifecycle';
import { PLATFORM_SCHEMAS } from './schemas/platform';
import { PRODUCT_SCHEMAS } from './schemas/product';
import { REGION_SCHEMAS } from './schemas/region';
import type { SchemaObject } from './schemas/schema-object';
import { STORE_RESPONSES } from './schemas/store-responses';
import { WEBHOOK_RESPONSES, WEBHOOK_SCHEMAS } from './schemas/webhook';

const OTHER_RESPONSES = {
  EmptyRes: {
    type: 'object',
    description: 'An empty object: the action has no result to show.',
    properties: {},
    maxProperties: 0,
  },
} satisfies Record<string, SchemaObject>;

export const RESPONSE_SCHEMAS = {
  ...ADMIN_RESPONSES,
  ...ADMIN_DASHBOARD_RESPONSES,
  ...ORDER_LIFECYCLE_RESPONSES,
  ...STORE_RESPONSES,
  ...OTHER_RESPONSES,
  ...WEBHOOK_RESPONSES,
};

/** The names a controller method can declare as its answer. */
export type ResponseName = keyof typeof RESPONSE_SCHEMAS;

const MEDUSA_SCHEMAS: Record<string, SchemaObject> = {
  ...ADMIN_DASHBOARD_SCHEMAS,
  ...CART_SCHEMAS,
  ...CUSTOMER_SCHEMAS,
  ...DISCOUNT_SCHEMAS,
  ...ORDER_SCHEMAS,
  ...ORDER_LIFECYCLE_SCHEMAS,
  ...PLATFORM_SCHEMAS,
  ...PRODUCT_SCHEMAS,
  ...REGION_SCHEMAS,
  ...WEBHOOK_SCHEMAS,
  ...RESPONSE_SCHEMAS,
};
requireExpandedRelations(RESPONSE_SCHEMAS, MEDUSA_SCHEMAS);

/** Adds the entity and response schemas that the operations' responses refer to. */
export function addMedusaSchemas(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...MEDUSA_SCHEMAS } };
  return document;
}

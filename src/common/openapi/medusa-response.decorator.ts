import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { RESPONSE_SCHEMAS, ResponseName } from './medusa-schemas';
import { ref } from './schemas/schema-object';

/**
 * Declares an operation's success answer by its Medusa response schema name
 * (e.g. `StoreCartsRes`), so the OpenAPI document carries Medusa's shape for it.
 */
export function MedusaResponse(name: ResponseName, status = 200): MethodDecorator {
  const schema = RESPONSE_SCHEMAS[name] as { description?: string };
  return applyDecorators(ApiResponse({ status, description: schema.description ?? name, schema: ref(name) }));
}

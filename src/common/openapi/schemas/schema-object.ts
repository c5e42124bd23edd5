import type { ReferenceObject, SchemaObject as OpenApiSchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

export type SchemaObject = OpenApiSchemaObject | ReferenceObject;

/** A reference to another component schema of the document. */
export function ref(name: string): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

/** Medusa's paginated list answer: `{ <key>: items[], count, offset, limit }`. */
export function listResponse(key: string, items: SchemaObject, description: string): OpenApiSchemaObject {
  return {
    type: 'object',
    description,
    required: [key, 'count', 'offset', 'limit'],
    properties: {
      [key]: { type: 'array', items },
      count: { type: 'integer' },
      offset: { type: 'integer' },
      limit: { type: 'integer' },
    },
  };
}

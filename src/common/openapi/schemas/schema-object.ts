import type { ReferenceObject, SchemaObject as OpenApiSchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

export type SchemaObject = OpenApiSchemaObject | ReferenceObject;

/** A reference to another component schema of the document. */
export function ref(name: string): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

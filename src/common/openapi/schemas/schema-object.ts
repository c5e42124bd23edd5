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

/** What a route loads by default, as Medusa's `x-expanded-relations` says it (kept in the document for generators). */
export interface ExpandedRelations {
  /** Relation paths loaded without `expand` (`items.variant` makes `items` required). */
  relations: string[];
  /** Computed totals present on every answer without `fields`. */
  totals?: string[];
}

/**
 * A single-entity answer `{ <field>: Entity }` whose entity must carry the default relations'
 * top levels and the totals: `allOf` of the entity and a branch requiring them. A request with
 * `expand` or `fields` changes what is loaded; the tests' validator re-derives `required` then.
 */
export function expandedResponse(field: string, entity: string, expanded: ExpandedRelations, description: string, list = false): OpenApiSchemaObject {
  const required = [...new Set([...expanded.relations.map((r) => r.split('.')[0]), ...(expanded.totals ?? [])])];
  const item: SchemaObject = { allOf: [ref(entity), { type: 'object', required }] };
  const body: OpenApiSchemaObject = list
    ? listResponse(field, item, description)
    : { type: 'object', description, required: [field], properties: { [field]: item } };
  return {
    ...body,
    'x-expanded-relations': { field, relations: expanded.relations, ...(expanded.totals ? { totals: expanded.totals } : {}) },
  } as OpenApiSchemaObject;
}

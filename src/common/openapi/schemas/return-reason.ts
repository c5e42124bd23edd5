import { expandedResponse, ref, SchemaObject } from './schema-object';

// Return reasons (admin and store answer the same shapes), as Medusa v1's OpenAPI components
// describe them, except `return_reason_children`: Medusa's document calls it an object, its
// answers hold an array of reasons.

const RELATIONS = { relations: ['parent_return_reason', 'return_reason_children'] };

/** `{ return_reasons: ReturnReason[] }`: the whole list, no pagination fields. */
function reasonsList(description: string) {
  return {
    type: 'object' as const,
    description,
    required: ['return_reasons'],
    properties: { return_reasons: { type: 'array' as const, items: { allOf: [ref('ReturnReason')] } } },
    'x-expanded-relations': { field: 'return_reasons', relations: RELATIONS.relations },
  };
}

export const RETURN_REASON_SCHEMAS = {
  ReturnReason: {
    description: 'A Return Reason is a value defined by an admin. It can be used on Return Items in order to indicate why a Line Item was returned.',
    type: 'object',
    required: ['created_at', 'deleted_at', 'description', 'id', 'label', 'metadata', 'parent_return_reason_id', 'updated_at', 'value'],
    properties: {
      id: { type: 'string' },
      value: { type: 'string' },
      label: { type: 'string' },
      description: { nullable: true, type: 'string' },
      parent_return_reason_id: { nullable: true, type: 'string' },
      parent_return_reason: { nullable: true, allOf: [ref('ReturnReason')] },
      return_reason_children: { type: 'array', items: ref('ReturnReason') },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      deleted_at: { nullable: true, type: 'string', format: 'date-time' },
      metadata: { nullable: true, type: 'object' },
    },
  },
} satisfies Record<string, SchemaObject>;

export const RETURN_REASON_RESPONSES = {
  AdminReturnReasonsListRes: reasonsList('The list of return reasons.'),
  AdminReturnReasonsRes: expandedResponse('return_reason', 'ReturnReason', RELATIONS, "The return reason's details."),
  AdminReturnReasonsDeleteRes: {
    type: 'object',
    description: 'The details of deleting a return reason.',
    required: ['id', 'object', 'deleted'],
    properties: {
      id: { type: 'string' },
      object: { type: 'string', default: 'return_reason' },
      deleted: { type: 'boolean', default: true },
    },
  },
  StoreReturnReasonsListRes: reasonsList('The list of return reasons.'),
  StoreReturnReasonsRes: expandedResponse('return_reason', 'ReturnReason', RELATIONS, "The return reason's details."),
} satisfies Record<string, SchemaObject>;

import type { ReferenceObject, SchemaObject as OpenApiSchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { ExpandedRelations, SchemaObject } from './schemas/schema-object';

type Components = Record<string, SchemaObject>;
type RelationTree = Map<string, RelationTree>;

const isRef = (schema: SchemaObject | undefined): schema is ReferenceObject => Boolean(schema && '$ref' in schema);
const componentName = (reference: ReferenceObject) => reference.$ref.split('/').pop()!;

/** `['items', 'items.variant', 'region']` as a tree of relation names. */
function treeOf(paths: string[]): RelationTree {
  const root: RelationTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const name of path.split('.')) {
      if (!node.has(name)) node.set(name, new Map());
      node = node.get(name)!;
    }
  }
  return root;
}

/** A component's declared properties, its `allOf` branches merged. */
function propertiesOf(name: string, components: Components): Record<string, SchemaObject> {
  const schema = components[name];
  if (!schema) return {};
  if (isRef(schema)) return propertiesOf(componentName(schema), components);
  const merged: Record<string, SchemaObject> = {};
  for (const branch of schema.allOf ?? []) {
    if (isRef(branch)) Object.assign(merged, propertiesOf(componentName(branch), components));
    else Object.assign(merged, branch.properties ?? {});
  }
  return Object.assign(merged, schema.properties ?? {});
}

/** The component a relation property holds (`Address` for `allOf: [Address]`), if exactly one. */
function targetOf(property: SchemaObject): string | undefined {
  if (isRef(property)) return componentName(property);
  const refs = (property.allOf ?? []).filter(isRef);
  return refs.length === 1 ? componentName(refs[0]) : undefined;
}

/**
 * The branch that makes `component` carry `relations` at every depth: each relation required,
 * and a relation with relations of its own re-declared as its component plus such a branch.
 * A relation whose component cannot be told (a union, say) is required but not descended into.
 */
function relationsBranch(component: string, relations: RelationTree, components: Components, extra: string[] = []): OpenApiSchemaObject {
  const declared = propertiesOf(component, components);
  const properties: Record<string, SchemaObject> = {};
  for (const [name, children] of relations) {
    const property = declared[name];
    if (!property || children.size === 0 || isRef(property)) continue;
    const list = property.type === 'array' && property.items !== undefined;
    const target = targetOf(list ? property.items! : property);
    if (!target) continue;
    const item: OpenApiSchemaObject = { allOf: [{ $ref: `#/components/schemas/${target}` }, relationsBranch(target, children, components)] };
    properties[name] = list ? { ...property, items: item } : { ...(property.nullable ? { nullable: true } : {}), ...item };
  }
  return {
    type: 'object',
    required: [...new Set([...relations.keys(), ...extra])],
    ...(Object.keys(properties).length ? { properties } : {}),
  };
}

/**
 * Every answer marked with `x-expanded-relations` requires its default relations at every depth
 * (`items.variant.product` makes each line's `variant` and each variant's `product` required),
 * not only the top-level names: a code path that drops a nested relation fails the contract.
 */
export function requireExpandedRelations(responses: Components, components: Components): void {
  for (const response of Object.values(responses)) {
    if (isRef(response)) continue;
    const marker = (response as Record<string, unknown>)['x-expanded-relations'] as (ExpandedRelations & { field: string }) | undefined;
    if (!marker) continue;
    const holder = response.properties?.[marker.field];
    if (!holder || isRef(holder)) continue;
    const entity = (holder.type === 'array' ? holder.items : holder) as OpenApiSchemaObject | undefined;
    const reference = entity?.allOf?.[0];
    if (!entity?.allOf || !isRef(reference)) continue;
    entity.allOf = [reference, relationsBranch(componentName(reference), treeOf(marker.relations), components, marker.totals ?? [])];
  }
}

import { isInteger, type ImportKind } from '../import-kind';

const TIMES = ['created_at', 'updated_at'];
const BASE = ['id', ...TIMES, 'deleted_at'];

const conditionLink = (table: string, column: string): ImportKind => ({
  name: `discount condition ${table.replace('discount_condition_', '').replace(/_/g, ' ')}s`,
  target: table,
  source: table,
  key: ['condition_id', column],
  columns: ['condition_id', column],
  insertOnly: true,
  optional: true,
});

/**
 * Discounts with their rules, regions, conditions and every condition's resources, usage
 * counts and dynamic codes (whose parent is set once every discount is in).
 */
export const discountKinds: ImportKind[] = [
  {
    name: 'discount rules',
    target: 'discount_rule',
    source: 'discount_rule',
    key: ['id'],
    columns: [...BASE, 'description', 'type', 'value', 'allocation', 'metadata'],
    expressions: { type: 's.type::text', allocation: 's.allocation::text' },
    check: (row) => (!isInteger(row.value) ? 'value missing or not an integer' : undefined),
  },
  {
    name: 'discounts',
    target: 'discount',
    source: 'discount',
    key: ['id'],
    columns: [
      ...BASE,
      'code',
      'is_dynamic',
      'rule_id',
      'is_disabled',
      'parent_discount_id',
      'starts_at',
      'ends_at',
      'valid_duration',
      'usage_limit',
      'usage_count',
      'metadata',
    ],
    deferred: ['parent_discount_id'],
    check: (row) => (!row.code ? 'code missing' : undefined),
  },
  {
    name: 'discount regions',
    target: 'discount_regions',
    source: 'discount_regions',
    key: ['discount_id', 'region_id'],
    columns: ['discount_id', 'region_id'],
    insertOnly: true,
  },
  {
    name: 'discount conditions',
    target: 'discount_condition',
    source: 'discount_condition',
    key: ['id'],
    columns: [...BASE, 'type', 'operator', 'discount_rule_id', 'metadata'],
    expressions: { type: 's.type::text', operator: 's.operator::text' },
    optional: true,
  },
  conditionLink('discount_condition_product', 'product_id'),
  conditionLink('discount_condition_product_type', 'product_type_id'),
  conditionLink('discount_condition_product_collection', 'product_collection_id'),
  conditionLink('discount_condition_product_tag', 'product_tag_id'),
  conditionLink('discount_condition_customer_group', 'customer_group_id'),
];

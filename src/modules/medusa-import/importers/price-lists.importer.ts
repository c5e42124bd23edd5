import { requireColumns, type ImportKind } from '../import-kind';

/** Price lists (sales and overrides) and the customer groups they are limited to; their prices are carried with the other prices. */
export const priceListKinds: ImportKind[] = [
  {
    name: 'price lists',
    target: 'price_list',
    source: 'price_list',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'deleted_at', 'name', 'description', 'type', 'status', 'starts_at', 'ends_at'],
    expressions: { type: 's.type::text', status: 's.status::text' },
    check: requireColumns('name', 'description'),
  },
  {
    name: 'price list customer groups',
    target: 'price_list_customer_groups',
    source: 'price_list_customer_groups',
    key: ['price_list_id', 'customer_group_id'],
    columns: ['price_list_id', 'customer_group_id'],
    insertOnly: true,
  },
];

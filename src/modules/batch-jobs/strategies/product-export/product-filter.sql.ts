import { escapeLike } from '../../../../common/query/list-query';

/** Stored (JSON) export filters; dates are ISO strings. */
export interface StoredProductFilters {
  id?: string[];
  q?: string;
  status?: string[];
  collection_id?: string[];
  type_id?: string[];
  tags?: string[];
  sales_channel_id?: string[];
  handle?: string;
  title?: string;
  is_giftcard?: boolean;
  created_at?: Record<string, string>;
  updated_at?: Record<string, string>;
}

const COMPARATORS: Record<string, string> = { lt: '<', gt: '>', lte: '<=', gte: '>=' };

/**
 * SQL conditions (on alias `p`) for the filters, appending values to `params` ($n
 * placeholders). Only known keys reach SQL, all values are parameters.
 */
export function productFilterSql(filters: StoredProductFilters, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['p.deleted_at IS NULL'];
  if (filters.id?.length) where.push(`p.id = ANY(${add(filters.id)}::varchar[])`);
  if (filters.status?.length) where.push(`p.status = ANY(${add(filters.status)}::varchar[])`);
  if (filters.collection_id?.length) where.push(`p.collection_id = ANY(${add(filters.collection_id)}::varchar[])`);
  if (filters.type_id?.length) where.push(`p.type_id = ANY(${add(filters.type_id)}::varchar[])`);
  if (filters.handle !== undefined) where.push(`p.handle = ${add(filters.handle)}`);
  if (filters.title !== undefined) where.push(`p.title = ${add(filters.title)}`);
  if (filters.is_giftcard !== undefined) where.push(`p.is_giftcard = ${add(filters.is_giftcard)}`);
  if (filters.tags?.length) {
    where.push(`EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = p.id AND pt.product_tag_id = ANY(${add(filters.tags)}::varchar[]))`);
  }
  if (filters.sales_channel_id?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = p.id AND psc.sales_channel_id = ANY(${add(filters.sales_channel_id)}::varchar[]))`,
    );
  }
  for (const column of ['created_at', 'updated_at'] as const) {
    for (const [op, value] of Object.entries(filters[column] ?? {})) {
      if (COMPARATORS[op] && value) where.push(`p.${column} ${COMPARATORS[op]} ${add(value)}::timestamptz`);
    }
  }
  if (filters.q) {
    const q = add(`%${escapeLike(filters.q)}%`);
    where.push(`(p.title ILIKE ${q} OR p.description ILIKE ${q} OR p.handle ILIKE ${q} OR p.subtitle ILIKE ${q})`);
  }
  return where.join(' AND ');
}

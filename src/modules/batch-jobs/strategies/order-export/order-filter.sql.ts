import { escapeLike } from '../../../../common/query/list-query';

/** Stored (JSON) order export filters; dates are ISO strings. */
export interface StoredOrderFilters {
  id?: string[];
  q?: string;
  status?: string[];
  fulfillment_status?: string[];
  payment_status?: string[];
  region_id?: string[];
  sales_channel_id?: string[];
  customer_id?: string;
  email?: string;
  currency_code?: string;
  created_at?: Record<string, string>;
  updated_at?: Record<string, string>;
}

const COMPARATORS: Record<string, string> = { lt: '<', gt: '>', lte: '<=', gte: '>=' };

/** SQL conditions (alias `o`) for the filters; every value is a parameter. */
export function orderFilterSql(filters: StoredOrderFilters, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['TRUE'];
  for (const key of ['id', 'status', 'fulfillment_status', 'payment_status', 'region_id', 'sales_channel_id'] as const) {
    if (filters[key]?.length) where.push(`o.${key} = ANY(${add(filters[key])}::varchar[])`);
  }
  if (filters.customer_id !== undefined) where.push(`o.customer_id = ${add(filters.customer_id)}`);
  if (filters.email !== undefined) where.push(`o.email = ${add(filters.email)}`);
  if (filters.currency_code !== undefined) where.push(`o.currency_code = ${add(filters.currency_code.toLowerCase())}`);
  for (const column of ['created_at', 'updated_at'] as const) {
    for (const [op, value] of Object.entries(filters[column] ?? {})) {
      if (COMPARATORS[op] && value) where.push(`o.${column} ${COMPARATORS[op]} ${add(value)}::timestamptz`);
    }
  }
  if (filters.q) {
    const q = add(`%${escapeLike(filters.q)}%`);
    where.push(`(o.email ILIKE ${q} OR o.display_id::text = ${add(filters.q)} OR o.id ILIKE ${q})`);
  }
  return where.join(' AND ');
}

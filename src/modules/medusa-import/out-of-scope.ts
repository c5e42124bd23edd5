import type { Client } from 'pg';
import { quote } from './import-kind';
import type { SourceSchema } from './source-schema';

export interface NotCarried {
  table: string;
  what: string;
  rows: number;
}

/**
 * Medusa v1 tables this service has no place for, so they are named in the report with
 * their row counts rather than dropped silently.
 */
const NOT_CARRIED: Array<[table: string, what: string]> = [
  ['return', 'returns'],
  ['return_item', 'returned items'],
  ['return_reason', 'return reasons'],
  ['swap', 'swaps'],
  ['claim_order', 'claims'],
  ['claim_item', 'claimed items'],
  ['claim_image', 'claim images'],
  ['claim_tag', 'claim tags'],
  ['order_edit', 'order edits'],
  ['order_item_change', 'order edit changes'],
  ['payment_collection', 'payment collections'],
  ['notification', 'notifications'],
  ['discount_rule_products', 'discount rule products (pre-conditions style)'],
  ['product_shipping_profile', 'product shipping profile links (each product keeps its first as its profile)'],
  ['sales_channel_location', 'sales channel stock locations'],
  ['product_variant_inventory_item', 'inventory item links'],
  ['analytics_config', 'analytics settings'],
  ['oauth', 'OAuth apps'],
  ['idempotency_key', 'idempotency keys (in-flight requests)'],
  ['staged_job', 'staged jobs'],
];

/** The out-of-scope tables that hold rows, with their counts. */
export async function notCarriedOver(source: Client, schema: SourceSchema, carried: ReadonlySet<string> = new Set()): Promise<NotCarried[]> {
  const present = NOT_CARRIED.filter(([table]) => schema.hasTable(table) && !carried.has(table));
  if (!present.length) return [];
  const { rows } = await source.query<{ i: number; n: number }>(
    present.map(([table], i) => `SELECT ${i} AS i, count(*)::int AS n FROM ${quote(table)}`).join(' UNION ALL '),
  );
  return rows
    .filter((r) => r.n > 0)
    .sort((a, b) => a.i - b.i)
    .map((r) => ({ table: present[r.i][0], what: present[r.i][1], rows: r.n }));
}

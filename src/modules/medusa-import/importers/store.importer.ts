import { quote, requireColumns, type ImportKind } from '../import-kind';

const TIMES = ['created_at', 'updated_at'];

/** Currencies (both sides ship the ISO list; Medusa's tax-inclusive flag carries over), sales channels, the store. */
export const storeKinds: ImportKind[] = [
  {
    name: 'currencies',
    target: 'currency',
    source: 'currency',
    key: ['code'],
    columns: ['code', 'symbol', 'symbol_native', 'name', 'includes_tax'],
    check: requireColumns('code', 'symbol', 'symbol_native', 'name'),
  },
  {
    name: 'sales channels',
    target: 'sales_channel',
    source: 'sales_channel',
    key: ['id'],
    columns: ['id', ...TIMES, 'deleted_at', 'name', 'description', 'is_disabled', 'metadata'],
    optional: true,
    check: requireColumns('name'),
  },
  {
    name: 'store',
    target: 'store',
    source: 'store',
    key: ['id'],
    columns: ['id', ...TIMES, 'name', 'default_currency_code', 'default_sales_channel_id', 'metadata'],
    check: requireColumns('name', 'default_currency_code'),
    // This service serves exactly one store: the shop's replaces the one a fresh install made.
    write: async (rows, query) => {
      const columns = Object.keys(rows[0]);
      const list = columns.map(quote).join(', ');
      await query(`DELETE FROM store WHERE id <> ALL($1::varchar[])`, [rows.map((r) => r.id)]);
      await query(
        `INSERT INTO store (${list}) SELECT ${list} FROM json_populate_recordset(NULL::store, $1::json)
         ON CONFLICT (id) DO UPDATE SET ${columns
           .filter((c) => c !== 'id')
           .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`)
           .join(', ')}`,
        [JSON.stringify(rows)],
      );
    },
  },
  {
    name: 'store currencies',
    target: 'store_currencies',
    source: 'store_currencies',
    key: ['store_id', 'currency_code'],
    columns: ['store_id', 'currency_code'],
    insertOnly: true,
  },
];

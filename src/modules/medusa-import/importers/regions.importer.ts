import { requireColumns, type ImportKind } from '../import-kind';

const TIMES = ['created_at', 'updated_at'];

/** Providers, regions with their countries, payment and fulfillment providers. */
export const regionKinds: ImportKind[] = [
  { name: 'payment providers', target: 'payment_provider', source: 'payment_provider', key: ['id'], columns: ['id', 'is_installed'] },
  { name: 'fulfillment providers', target: 'fulfillment_provider', source: 'fulfillment_provider', key: ['id'], columns: ['id', 'is_installed'] },
  {
    name: 'regions',
    target: 'region',
    source: 'region',
    key: ['id'],
    columns: [
      'id',
      ...TIMES,
      'deleted_at',
      'name',
      'currency_code',
      'tax_rate',
      'tax_code',
      'gift_cards_taxable',
      'automatic_taxes',
      'includes_tax',
      'tax_provider_id',
      'metadata',
    ],
    check: requireColumns('name', 'currency_code', 'tax_rate'),
  },
  {
    // Both sides ship the ISO country list with their own serial ids: countries match by ISO code.
    name: 'countries',
    target: 'country',
    source: 'country',
    key: ['iso_2'],
    columns: ['iso_2', 'region_id'],
    write: async (rows, query) => {
      const found = await query(
        `UPDATE country c SET region_id = v.region_id FROM json_populate_recordset(NULL::country, $1::json) v
          WHERE c.iso_2 = lower(v.iso_2) RETURNING c.iso_2`,
        [JSON.stringify(rows)],
      );
      if (found.length !== rows.length) {
        const known = new Set(found.map((r) => r.iso_2));
        const unknown = rows.filter((r) => !known.has(String(r.iso_2).toLowerCase())).map((r) => r.iso_2);
        throw new Error(`no such country here: ${unknown.join(', ')}`);
      }
    },
  },
  {
    name: 'region payment providers',
    target: 'region_payment_providers',
    source: 'region_payment_providers',
    key: ['region_id', 'provider_id'],
    columns: ['region_id', 'provider_id'],
    insertOnly: true,
  },
  {
    name: 'region fulfillment providers',
    target: 'region_fulfillment_providers',
    source: 'region_fulfillment_providers',
    key: ['region_id', 'provider_id'],
    columns: ['region_id', 'provider_id'],
    insertOnly: true,
  },
];

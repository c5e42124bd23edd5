import { requireColumns, type ImportKind } from '../import-kind';

/** A tax rate override's link: the rate and what it applies to (the link's own times and metadata have no column here). */
const override = (name: string, table: string, target: string): ImportKind => ({
  name,
  target: table,
  source: table,
  key: ['rate_id', target],
  columns: ['rate_id', target],
  insertOnly: true,
});

/** Tax rates beyond the region's own, and the products, product types and shipping options they override. */
export const taxRateKinds: ImportKind[] = [
  {
    name: 'tax rates',
    target: 'tax_rate',
    source: 'tax_rate',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'rate', 'code', 'name', 'region_id', 'metadata'],
    check: requireColumns('name', 'region_id'),
  },
  override('product tax rates', 'product_tax_rate', 'product_id'),
  override('product type tax rates', 'product_type_tax_rate', 'product_type_id'),
  override('shipping tax rates', 'shipping_tax_rate', 'shipping_option_id'),
];

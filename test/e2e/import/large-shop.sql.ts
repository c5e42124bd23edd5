/**
 * A large Medusa 1.20 shop made with generate_series, for measuring the import's speed:
 * `customers` customers with an address each, and `variants` variants (five per product)
 * with an option value and two prices each. Run on a database holding Medusa's schema.
 */
export function largeShopSql(customers: number, variants: number): string {
  const products = Math.ceil(variants / 5);
  return `
INSERT INTO store (id, name, default_currency_code) VALUES ('store_big', 'Big shop', 'eur') ON CONFLICT DO NOTHING;
INSERT INTO region (id, name, currency_code, tax_rate, gift_cards_taxable, automatic_taxes) VALUES ('reg_big', 'Big', 'eur', 25, true, true);
INSERT INTO shipping_profile (id, name, type) VALUES ('sp_big', 'Default', 'default');
INSERT INTO customer (id, email, first_name, last_name, password_hash, has_account)
  SELECT 'cus_' || lpad(i::text, 8, '0'), 'c' || i || '@big.test', 'First' || i, 'Last' || i, 'c2NyeXB0AAEAAAABAAAAAQ==', i % 3 <> 0
  FROM generate_series(1, ${customers}) i;
INSERT INTO address (id, customer_id, first_name, address_1, city, country_code, postal_code)
  SELECT 'addr_' || lpad(i::text, 8, '0'), 'cus_' || lpad(i::text, 8, '0'), 'First' || i, i || ' Main Street', 'Aarhus', 'dk', '8000'
  FROM generate_series(1, ${customers}) i;
UPDATE customer SET billing_address_id = 'addr_' || substr(id, 5);
INSERT INTO product (id, title, handle, status, is_giftcard, discountable)
  SELECT 'prod_' || lpad(i::text, 8, '0'), 'Product ' || i, 'product-' || i, 'published', false, true FROM generate_series(1, ${products}) i;
INSERT INTO product_shipping_profile (profile_id, product_id) SELECT 'sp_big', 'prod_' || lpad(i::text, 8, '0') FROM generate_series(1, ${products}) i;
INSERT INTO product_option (id, title, product_id) SELECT 'opt_' || lpad(i::text, 8, '0'), 'Size', 'prod_' || lpad(i::text, 8, '0') FROM generate_series(1, ${products}) i;
INSERT INTO product_variant (id, title, product_id, sku, inventory_quantity, allow_backorder, manage_inventory, variant_rank)
  SELECT 'variant_' || lpad(i::text, 8, '0'), 'Size ' || (i % 5), 'prod_' || lpad((((i - 1) / 5) + 1)::text, 8, '0'), 'SKU-' || i, 100, false, true, i % 5
  FROM generate_series(1, ${variants}) i;
INSERT INTO product_option_value (id, value, option_id, variant_id)
  SELECT 'optval_' || lpad(i::text, 8, '0'), 'Size ' || (i % 5), 'opt_' || lpad((((i - 1) / 5) + 1)::text, 8, '0'), 'variant_' || lpad(i::text, 8, '0')
  FROM generate_series(1, ${variants}) i;
INSERT INTO money_amount (id, currency_code, amount, region_id)
  SELECT 'ma_' || lpad(i::text, 9, '0'), CASE WHEN i % 2 = 0 THEN 'eur' ELSE 'usd' END, 1000 + i % 5000, NULL FROM generate_series(1, ${variants * 2}) i;
INSERT INTO product_variant_money_amount (id, money_amount_id, variant_id)
  SELECT 'pvma_' || lpad(i::text, 9, '0'), 'ma_' || lpad(i::text, 9, '0'), 'variant_' || lpad((((i - 1) / 2) + 1)::text, 8, '0') FROM generate_series(1, ${variants * 2}) i;
ANALYZE;
`;
}

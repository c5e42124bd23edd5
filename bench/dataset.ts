import { Client } from 'pg';

/**
 * Generates the benchmark data set directly in SQL (generate_series), so a million
 * customers load in seconds. Ids keep Medusa's prefixes; every row is valid for the API.
 */
export interface DatasetSize {
  products: number;
  variantsPerProduct: number;
  customers: number;
  discounts: number;
  orders: number;
  collections: number;
  /** Lines per placed order (default 2; the scale data set has 3). */
  linesPerOrder?: number;
}

export interface LoadOptions {
  /**
   * For the scale data set: skip the per-row triggers (foreign-key checks, the product's
   * shipping-profile link, which is then written here) with `session_replication_role =
   * replica`, as a restore does. Every row is generated consistent, so nothing is lost.
   */
  bulk?: boolean;
  /** More set-based SQL run in the load's transaction, before VACUUM ANALYZE. */
  /** Called with the loading connection before anything runs (the scale build lowers its backend's priority). */
  onConnect?: (db: Client) => Promise<void>;
  extend?: (step: (label: string, sql: string, params?: unknown[]) => Promise<void>) => Promise<void>;
}

/** Each order line k picks product 1 + (o * ORDER_LINE_MULTIPLIERS[k]) % products (k = 1 and 2 as before the scale data set). */
const ORDER_LINE_MULTIPLIERS = [1, 31, 97, 211, 331];

/**
 * The region of the Stripe checkout scenario: its only payment provider is `stripe`, so a
 * cart's payment sessions create and select the Stripe session at once, as a card-only
 * shop's do (the EU region's carts keep paying with `manual`, and never reach Stripe). A
 * country belongs to one region: these are not the EU region's. Idempotent, so a kept
 * scale data set built before it gets it too.
 */
export const STRIPE_REGION = { regionId: 'reg_bench_stripe', shippingOptionId: 'so_bench_stripe', countryCode: 'nl' };
export const STRIPE_REGION_SQL = `
  INSERT INTO region (id, name, currency_code, tax_rate) VALUES ('reg_bench_stripe', 'EU Stripe', 'eur', 25) ON CONFLICT DO NOTHING;
  UPDATE country SET region_id = 'reg_bench_stripe' WHERE iso_2 IN ('nl', 'be', 'at');
  INSERT INTO region_payment_providers (region_id, provider_id) VALUES ('reg_bench_stripe', 'stripe') ON CONFLICT DO NOTHING;
  INSERT INTO region_fulfillment_providers (region_id, provider_id) VALUES ('reg_bench_stripe', 'manual') ON CONFLICT DO NOTHING;
  INSERT INTO shipping_option (id, name, region_id, profile_id, provider_id, price_type, amount, data)
    VALUES ('so_bench_stripe', 'Standard', 'reg_bench_stripe', 'sp_default', 'manual', 'flat_rate', 800, '{}') ON CONFLICT DO NOTHING;`;

export const DEFAULT_SIZE: DatasetSize = { products: 5000, variantsPerProduct: 3, customers: 100_000, discounts: 50, orders: 10_000, collections: 50 };

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Barbara',
  'Ken',
  'Margaret',
  'Dennis',
  'Frances',
  'Edsger',
  'Radia',
  'Donald',
  'Karen',
  'John',
  'Sophie',
  'Tim',
];
const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Knuth',
  'Jones',
  'McCarthy',
  'Wilson',
  'Berners',
];

export async function loadDataset(
  url: string,
  size: DatasetSize,
  log: (m: string) => void = () => undefined,
  options: LoadOptions = {},
): Promise<{ regionId: string; variantIds: string[]; discountCodes: string[]; shippingOptionId: string; stripeRegion: typeof STRIPE_REGION }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  await options.onConnect?.(db);
  try {
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const started = Date.now();
      await db.query(sql, params);
      log(`  ${label} (${Date.now() - started} ms)`);
    };
    await db.query('BEGIN');
    if (options.bulk) {
      await db.query(`SET LOCAL session_replication_role = replica`);
      await db.query(`SET LOCAL synchronous_commit = off`);
    }
    await step(
      'region EU (eur, 25 %)',
      `
      INSERT INTO region (id, name, currency_code, tax_rate) VALUES ('reg_bench_eu', 'EU', 'eur', 25);
      UPDATE country SET region_id = 'reg_bench_eu' WHERE iso_2 IN ('de', 'fr', 'dk', 'se', 'it', 'es');
      INSERT INTO region_payment_providers (region_id, provider_id) VALUES ('reg_bench_eu', 'manual');
      INSERT INTO region_fulfillment_providers (region_id, provider_id) VALUES ('reg_bench_eu', 'manual');
      INSERT INTO store_currencies (store_id, currency_code) VALUES ('store_default', 'eur') ON CONFLICT DO NOTHING;
      INSERT INTO shipping_option (id, name, region_id, profile_id, provider_id, price_type, amount, data)
        VALUES ('so_bench_standard', 'Standard', 'reg_bench_eu', 'sp_default', 'manual', 'flat_rate', 800, '{}');`,
    );
    await step('region EU Stripe (eur, 25 %, pays with stripe)', STRIPE_REGION_SQL);
    await step(
      `${size.collections} collections`,
      `
      INSERT INTO product_collection (id, title, handle)
      SELECT 'pcol_bench_' || i, 'Collection ' || i, 'collection-' || i FROM generate_series(1, $1) i`,
      [size.collections],
    );
    await step(
      `${size.products} products`,
      `
      INSERT INTO product (id, title, handle, description, status, profile_id, collection_id, discountable, created_at, updated_at)
      SELECT 'prod_bench_' || i, 'Product ' || i, 'product-' || i, 'A benchmark product number ' || i, 'published', 'sp_default',
             'pcol_bench_' || (1 + i % $2), true, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      FROM generate_series(1, $1) i`,
      [size.products, size.collections],
    );
    await step(
      'options and sales channel links',
      `
      INSERT INTO product_option (id, title, product_id) SELECT 'opt_bench_' || i, 'Size', 'prod_bench_' || i FROM generate_series(1, $1) i;
      INSERT INTO product_sales_channel (product_id, sales_channel_id) SELECT 'prod_bench_' || i, 'sc_default' FROM generate_series(1, $1) i;${
        options.bulk
          ? `
      INSERT INTO product_shipping_profile (product_id, profile_id) SELECT 'prod_bench_' || i, 'sp_default' FROM generate_series(1, $1) i ON CONFLICT DO NOTHING;`
          : ''
      }`.replace(/\$1/g, String(size.products)),
    );
    await step(
      `${size.products * size.variantsPerProduct} variants with eur/usd prices`,
      `
      INSERT INTO product_variant (id, title, product_id, sku, inventory_quantity, manage_inventory, allow_backorder, variant_rank)
      SELECT 'variant_bench_' || p || '_' || v, 'Size ' || v, 'prod_bench_' || p, 'SKU-' || p || '-' || v, 1000000, true, false, v
      FROM generate_series(1, $1) p, generate_series(1, $2) v;
      INSERT INTO product_option_value (id, value, option_id, variant_id)
      SELECT 'optval_bench_' || p || '_' || v, 'S' || v, 'opt_bench_' || p, 'variant_bench_' || p || '_' || v
      FROM generate_series(1, $1) p, generate_series(1, $2) v;
      INSERT INTO money_amount (id, currency_code, amount, variant_id)
      SELECT 'ma_bench_' || c || '_' || p || '_' || v, c, 1000 + (p * 37 + v * 11) % 9000, 'variant_bench_' || p || '_' || v
      FROM generate_series(1, $1) p, generate_series(1, $2) v, unnest(ARRAY['eur', 'usd']) c;`
        .replace(/\$1/g, String(size.products))
        .replace(/\$2/g, String(size.variantsPerProduct)),
    );
    await step(
      `${size.customers} customers`,
      `
      INSERT INTO customer (id, email, first_name, last_name, has_account, phone, created_at, updated_at)
      SELECT 'cus_bench_' || lpad(i::text, 8, '0'), 'user' || i || '@bench.example', ($2::text[])[1 + i % 16], ($3::text[])[1 + (i / 16) % 16] || i % 1000,
             i % 3 = 0, '+4930' || i, now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
      FROM generate_series(1, $1) i`,
      [size.customers, FIRST_NAMES, LAST_NAMES],
    );
    // Placed orders, as a store that has been trading has them: each of two lines of the
    // catalogue with its shipping method and tax lines, totals as the calculator gives them
    // (EUR prices, 25 % tax, 800 shipping), spread over the customers and the last weeks.
    const lines = size.linesPerOrder ?? 2;
    const multipliers = `ARRAY[${ORDER_LINE_MULTIPLIERS.slice(0, lines).join(', ')}]`;
    await step(
      `${size.orders} orders with ${lines} lines each`,
      `
      INSERT INTO "order" (id, status, fulfillment_status, payment_status, customer_id, email, region_id, currency_code, tax_rate,
                           sales_channel_id, subtotal, shipping_total, item_tax_total, shipping_tax_total, tax_total, total, created_at)
      SELECT 'order_bench_' || lpad(o::text, 8, '0'), 'pending', 'not_fulfilled', 'awaiting',
             'cus_bench_' || lpad(c::text, 8, '0'), 'user' || c || '@bench.example', 'reg_bench_eu', 'eur', 25, 'sc_default',
             subtotal, 800, round(subtotal * 0.25), 200, round(subtotal * 0.25) + 200, subtotal + 800 + round(subtotal * 0.25) + 200,
             now() - (o || ' minutes')::interval
        FROM (SELECT o, 1 + (o * 7919) % $2 AS c,
                     (SELECT sum(1000 + ((1 + (o * m) % $3) * 37 + 11) % 9000) FROM unnest(${multipliers}) m) AS subtotal
                FROM generate_series(1::bigint, $1) o) priced;
      INSERT INTO line_item (id, order_id, title, description, variant_id, unit_price, quantity, fulfilled_quantity, has_shipping, created_at)
      SELECT 'item_bench_' || lpad(o::text, 8, '0') || '_' || k, 'order_bench_' || lpad(o::text, 8, '0'), 'Product ' || p, 'Size 1',
             'variant_bench_' || p || '_1', 1000 + (p * 37 + 11) % 9000, 1, 0, true, now() - (o || ' minutes')::interval
        FROM (SELECT o, k, 1 + (o * (${multipliers})[k]) % $3 AS p FROM generate_series(1::bigint, $1) o, generate_series(1, ${lines}) k) lines;
      INSERT INTO line_item_tax_line (id, item_id, rate, name, code)
      SELECT 'litl_bench_' || lpad(o::text, 8, '0') || '_' || k, 'item_bench_' || lpad(o::text, 8, '0') || '_' || k, 25, 'default', 'default'
        FROM generate_series(1, $1) o, generate_series(1, ${lines}) k;
      INSERT INTO shipping_method (id, shipping_option_id, order_id, price, data)
      SELECT 'sm_bench_' || lpad(o::text, 8, '0'), 'so_bench_standard', 'order_bench_' || lpad(o::text, 8, '0'), 800, '{}' FROM generate_series(1, $1) o;
      INSERT INTO shipping_method_tax_line (id, shipping_method_id, rate, name, code)
      SELECT 'smtl_bench_' || lpad(o::text, 8, '0'), 'sm_bench_' || lpad(o::text, 8, '0'), 25, 'default', 'default' FROM generate_series(1, $1) o;`
        .replace(/\$1/g, String(size.orders))
        .replace(/\$2/g, String(size.customers))
        .replace(/\$3/g, String(size.products)),
    );
    await step(
      `${size.discounts} discounts`,
      `
      INSERT INTO discount_rule (id, type, value, allocation, description)
      SELECT 'dru_bench_' || i, CASE WHEN i % 2 = 0 THEN 'percentage' ELSE 'fixed' END, CASE WHEN i % 2 = 0 THEN 10 ELSE 500 END, 'total', 'Bench rule ' || i
      FROM generate_series(1, $1) i;
      INSERT INTO discount (id, code, rule_id, is_dynamic, is_disabled, starts_at, created_at)
      SELECT 'disc_bench_' || i, 'BENCH' || i, 'dru_bench_' || i, false, false, now() - interval '1 day', now() - (i || ' minutes')::interval FROM generate_series(1, $1) i;
      INSERT INTO discount_regions (discount_id, region_id) SELECT 'disc_bench_' || i, 'reg_bench_eu' FROM generate_series(1, $1) i;`.replace(
        /\$1/g,
        String(size.discounts),
      ),
    );
    await options.extend?.(step);
    await db.query('COMMIT');
    // VACUUM as well: the bulk insert left every GIN index (customer q search) with a long
    // pending list that each search scans linearly until autovacuum flushes it, which a
    // database in service has long done.
    if (options.bulk) await db.query(`SET maintenance_work_mem = '256MB'`);
    await db.query('VACUUM ANALYZE');
    // And flush the load's dirty pages now: otherwise the checkpoint it triggers runs
    // during the first scenarios and is measured as theirs. CHECKPOINT needs a superuser
    // (or pg_checkpoint); without one the run goes on, and says so.
    await db.query('CHECKPOINT').catch((err: Error) => log(`  no CHECKPOINT after the load (${err.message}): the first scenarios may pay for it`));
    const variants = await db.query(`SELECT id FROM product_variant WHERE id LIKE 'variant_bench_%' ORDER BY id LIMIT 200`);
    return {
      regionId: 'reg_bench_eu',
      variantIds: variants.rows.map((r: { id: string }) => r.id),
      discountCodes: Array.from({ length: size.discounts }, (_, i) => `BENCH${i + 1}`).filter((_, i) => i % 2 === 1),
      shippingOptionId: 'so_bench_standard',
      stripeRegion: STRIPE_REGION,
    };
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await db.end();
  }
}

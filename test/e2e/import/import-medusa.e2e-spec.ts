import { spawnSync } from 'child_process';
import { resolve } from 'path';
import { Client } from 'pg';
import { verifyPassword } from '../../../src/common/auth/password-hasher';
import { describeOutcome, type ImportReport } from '../../../src/modules/medusa-import/medusa-import';
import { importMedusa } from '../../../src/modules/medusa-import/medusa-import.service';
import { createTestDatabase, dropTestDatabase, startTestApp, type TestApp } from '../../helpers/app';
import { bearer } from '../../helpers/auth';
import { databaseUrl } from '../../helpers/db-urls';
import { businessTableDigests, changedTables } from '../../helpers/table-counts';
import { createMedusaDatabase, medusaHash, onDatabase } from './medusa-source';
import { MEDUSA_INVITE_TOKEN, MEDUSA_SHOP_SQL } from './medusa-shop.sql';

const ADMIN_PASSWORD = 'ada-secret-1';
const SHOPPER_PASSWORD = 'shopper-secret-1';
const LONG_IMPORTED_NAME = `${'Maximiliane '.repeat(20)}\nvon Hohenzollern`;

/**
 * `npm run import:medusa` on a database made by Medusa 1.20's migrations, holding a shop
 * written the way Medusa writes it; checked through this service's API afterwards.
 */
describe('Importing a Medusa v1 database (import:medusa)', () => {
  let source: { url: string; drop: () => Promise<void> };
  let targetName: string;
  let targetUrl: string;
  let t: TestApp;
  let first: ImportReport;
  const lines: string[] = [];

  const runImport = (options: { dryRun?: boolean } = {}) =>
    onDatabase(targetUrl, (target) => importMedusa({ from: source.url, target, dryRun: options.dryRun, log: (l) => lines.push(l), batchSize: 2 }));
  const kind = (report: ImportReport, name: string) => report.kinds.find((k) => k.name === name)!;
  /** Every row of every table of the target, digested per table (an UPDATE shows as well as an INSERT). */
  const targetDigests = () => onDatabase(targetUrl, (c: Client) => businessTableDigests(async (sql) => (await c.query(sql)).rows));
  const count = (sql: string) => onDatabase(targetUrl, async (c: Client) => Number((await c.query(sql)).rows[0].n));

  beforeAll(async () => {
    source = await createMedusaDatabase();
    const [adminHash, shopperHash] = [await medusaHash(ADMIN_PASSWORD), await medusaHash(SHOPPER_PASSWORD)];
    await onDatabase(source.url, (c) => c.query(MEDUSA_SHOP_SQL.replace(':admin_hash', `'${adminHash}'`).replace(':shopper_hash', `'${shopperHash}'`)));
    targetName = await createTestDatabase();
    targetUrl = databaseUrl(process.env.TEST_PG_SERVER_URL!, targetName);
    first = await runImport();
    t = await startTestApp(targetUrl);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (targetName) await dropTestDatabase(targetName);
    await source?.drop();
  });

  it('commits, and reports one line per kind with what it read, wrote and skipped', () => {
    expect(first.failures).toEqual([]);
    expect(first.committed).toBe(true);
    expect(kind(first, 'customers')).toMatchObject({ read: 2, written: 2, skipped: 0, failed: 0 });
    expect(kind(first, 'carts')).toMatchObject({ read: 3, written: 2, skipped: 1 });
    expect(kind(first, 'line items')).toMatchObject({ read: 3, written: 2, skipped: 1 });
    expect(lines).toContain('customers: 2 read, 2 written, 0 skipped');
    expect(kind(first, 'prices')).toMatchObject({ read: 3, written: 3, skipped: 0 });
  });

  it('names the tables it does not carry over, with their row counts', () => {
    expect(first.notCarried).toEqual(expect.arrayContaining([{ table: 'return_reason', what: 'return reasons', rows: 1 }]));
    expect(describeOutcome(first)).toContain('  return reasons (return_reason): 1 rows');
  });

  it('lets the admin log in with the same password and the same API token; the hash is re-made with our parameters at that login', async () => {
    const medusaStored = (await onDatabase(targetUrl, (c) => c.query(`SELECT password_hash FROM "user" WHERE id = 'usr_01ADA'`))).rows[0].password_hash;
    expect(Buffer.from(medusaStored, 'base64').readUInt8(7)).toBe(1);
    const agent = t.agent();
    await agent.post('/admin/auth').send({ email: 'ada@shop.test', password: 'wrong-password' }).expect(401);
    const login = await agent.post('/admin/auth').send({ email: 'ada@shop.test', password: ADMIN_PASSWORD }).expect(200);
    expect(login.body.user).toMatchObject({ id: 'usr_01ADA', email: 'ada@shop.test', role: 'admin' });
    expect(JSON.stringify(login.body)).not.toContain('password_hash');
    const rehashed = (await onDatabase(targetUrl, (c) => c.query(`SELECT password_hash FROM "user" WHERE id = 'usr_01ADA'`))).rows[0].password_hash;
    expect(Buffer.from(rehashed, 'base64').readUInt8(7)).toBe(15);
    await expect(verifyPassword(ADMIN_PASSWORD, rehashed)).resolves.toBe(true);
    await agent.post('/admin/auth').send({ email: 'ada@shop.test', password: ADMIN_PASSWORD }).expect(200);

    await t.http().get('/admin/customers/cus_01REG').set(bearer('not-the-token')).expect(401);
    const byToken = await t.http().get('/admin/customers/cus_01REG').set(bearer('medusa-api-token-ada')).expect(200);
    expect(byToken.body.customer.id).toBe('cus_01REG');
  });

  it('lets the shopper log in with the same password and see their address; guests stay guests', async () => {
    const agent = t.agent();
    const login = await agent.post('/store/auth').send({ email: 'shopper@shop.test', password: SHOPPER_PASSWORD }).expect(200);
    expect(login.body.customer).toMatchObject({ id: 'cus_01REG', first_name: 'Sam', has_account: true });
    const me = await agent.get('/store/customers/me').expect(200);
    expect(me.body.customer.billing_address).toMatchObject({ id: 'addr_01HOME', city: 'København', country_code: 'dk' });
    await t.http().post('/store/auth').send({ email: 'guest@shop.test', password: 'anything' }).expect(401);
    const rehashed = (await onDatabase(targetUrl, (c) => c.query(`SELECT password_hash FROM customer WHERE id = 'cus_01REG'`))).rows[0].password_hash;
    expect(Buffer.from(rehashed, 'base64').readUInt8(7)).toBe(15);
  });

  it('serves the catalogue with the same ids: product, options, variant, prices (the sale price not among the variant prices), profile, collection, tags', async () => {
    const res = await t.http().get('/store/products/prod_01SHIRT').query({ region_id: 'reg_01EU' }).expect(200);
    const p = res.body.product;
    expect(p).toMatchObject({ id: 'prod_01SHIRT', handle: 'shirt', status: 'published', collection_id: 'pcol_01BASICS', type_id: 'ptyp_01SHIRT' });
    expect(await count(`SELECT count(*) AS n FROM product WHERE id = 'prod_01SHIRT' AND profile_id = 'sp_01DEFAULT'`)).toBe(1);
    expect(p.tags.map((x: { id: string }) => x.id)).toEqual(['ptag_01COTTON']);
    expect(p.images.map((x: { id: string }) => x.id)).toEqual(['img_01FRONT']);
    expect(p.options.map((x: { id: string }) => x.id)).toEqual(['opt_01SIZE']);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ id: 'variant_01M', sku: 'SHIRT-M', inventory_quantity: 10 });
    // With a region, the store sends only that region's currency prices (as Medusa does).
    expect(p.variants[0].prices.map((x: { id: string; amount: number }) => [x.id, x.amount]).sort()).toEqual([['ma_01EUR', 2500]]);
    expect(await count(`SELECT count(*) AS n FROM money_amount WHERE id IN ('ma_01EUR', 'ma_01USD')`)).toBe(2);
    expect(p.variants[0].calculated_price).toBe(2500);
  });

  it('keeps the price list with its sale price and the customer group it is limited to', async () => {
    const res = await t.http().get('/admin/price-lists/pl_01SALE').set(bearer('medusa-api-token-ada')).expect(200);
    const pl = res.body.price_list;
    expect(pl).toMatchObject({ id: 'pl_01SALE', name: 'Sale', description: 'Summer sale', type: 'sale', status: 'active' });
    expect(pl.customer_groups.map((g: { id: string }) => g.id)).toEqual(['cgrp_01VIP']);
    expect(pl.prices).toEqual([expect.objectContaining({ id: 'ma_01SALE', amount: 1999, currency_code: 'eur', variant_id: 'variant_01M' })]);
    for (const table of ['price_list', 'price_list_customer_groups']) expect(first.notCarried.map((n) => n.table)).not.toContain(table);
  });

  it('keeps the publishable key with its sales channel, and the product in that channel', async () => {
    const res = await t.http().get('/admin/publishable-api-keys/pk_01STOREFRONT/sales-channels').set(bearer('medusa-api-token-ada')).expect(200);
    expect(res.body.sales_channels.map((c: { id: string }) => c.id)).toEqual(['sc_shop']);
    const scoped = await t.http().get('/store/products').set('x-publishable-api-key', 'pk_01STOREFRONT').expect(200);
    expect(scoped.body.products.map((p: { id: string }) => p.id)).toEqual(['prod_01SHIRT']);
    for (const table of ['publishable_api_key', 'publishable_api_key_sales_channel']) expect(first.notCarried.map((n) => n.table)).not.toContain(table);
  });

  it('keeps the category tree: parents before children, ranks from 0 at each level, paths as this service writes them', async () => {
    expect(kind(first, 'product categories')).toMatchObject({ read: 4, written: 4, skipped: 0, failed: 0 });
    expect(kind(first, 'product category links')).toMatchObject({ read: 1, written: 1 });
    expect(first.notCarried.map((n) => n.table)).not.toContain('product_category');
    const res = await t.http().get('/store/product-categories?parent_category_id=null&include_descendants_tree=true').expect(200);
    type Node = { id: string; name: string; category_children: Node[] };
    const tree = (nodes: Node[]): unknown[] => nodes.map((n) => [n.id, n.name, tree(n.category_children)]);
    expect(tree(res.body.product_categories)).toEqual([
      [
        'pcat_02WEAR',
        'Wear',
        [
          ['pcat_01TOPS', 'Tops', []],
          ['pcat_04KNITS', 'Knits', []],
        ],
      ],
      ['pcat_03GIFTS', 'Gifts', []],
    ]);
    expect(res.body.product_categories[0]).toMatchObject({ handle: 'wear', description: 'Things to wear' });
    const stored = await onDatabase(targetUrl, (c) => c.query(`SELECT id, mpath, rank FROM product_category ORDER BY id`));
    expect(stored.rows).toEqual([
      { id: 'pcat_01TOPS', mpath: 'pcat_02WEAR.pcat_01TOPS.', rank: 0 },
      { id: 'pcat_02WEAR', mpath: 'pcat_02WEAR.', rank: 0 },
      { id: 'pcat_03GIFTS', mpath: 'pcat_03GIFTS.', rank: 1 },
      { id: 'pcat_04KNITS', mpath: 'pcat_02WEAR.pcat_04KNITS.', rank: 1 },
    ]);
  });

  it('lists the products of a category, and of its subtree with include_category_children', async () => {
    const ids = async (query: string) => (await t.http().get(`/store/products?${query}`).expect(200)).body.products.map((p: { id: string }) => p.id);
    expect(await ids('category_id[]=pcat_01TOPS')).toEqual(['prod_01SHIRT']);
    expect(await ids('category_id[]=pcat_02WEAR')).toEqual([]);
    expect(await ids('category_id[]=pcat_02WEAR&include_category_children=true')).toEqual(['prod_01SHIRT']);
    expect(await ids('category_id[]=pcat_03GIFTS&include_category_children=true')).toEqual([]);
  });

  it('keeps the store, its currencies and the region with countries and providers', async () => {
    // The store replaces the one a fresh install made: this service serves exactly one.
    expect(await count(`SELECT count(*) AS n FROM store`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM store WHERE id = 'store_01SHOP' AND name = 'Nordic Shirts' AND default_currency_code = 'eur'`)).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM store_currencies WHERE store_id = 'store_01SHOP' AND currency_code IN ('eur', 'usd')`)).toBe(2);
    const region = await t.http().get('/store/regions/reg_01EU').expect(200);
    expect(region.body.region.countries.map((c: { iso_2: string }) => c.iso_2).sort()).toEqual(['dk', 'se']);
    expect(region.body.region.payment_providers.map((p: { id: string }) => p.id)).toEqual(['manual']);
    expect(region.body.region.tax_rate).toBe(25);
  });

  it('keeps discounts with usage counts, conditions and their resources, and dynamic codes under their parent', async () => {
    const auth = bearer('medusa-api-token-ada');
    const ten = await t.http().get('/admin/discounts/disc_01TEN').set(auth).expect(200);
    expect(ten.body.discount).toMatchObject({ code: 'TEN', usage_count: 3, usage_limit: 100 });
    expect(ten.body.discount.rule).toMatchObject({ type: 'percentage', value: 10 });
    const condition = await t.http().get('/admin/discounts/disc_01TEN/conditions/discon_01PROD').set(auth).query({ expand: 'products' }).expect(200);
    expect(condition.body.discount_condition.products.map((p: { id: string }) => p.id)).toEqual(['prod_01SHIRT']);
    const code = await t.http().get('/admin/discounts/code/WELCOME-ABC').set(auth).expect(200);
    expect(code.body.discount).toMatchObject({ id: 'disc_01DYNCODE', is_dynamic: true, parent_discount_id: 'disc_01DYN', usage_count: 1 });
  });

  it('keeps a partly spent gift card with its balance', async () => {
    const res = await t.http().get('/store/gift-cards/GIFT-HALF-0001').expect(200);
    expect(res.body.gift_card).toMatchObject({ id: 'gift_01HALF', value: 5000, balance: 2000 });
  });

  it("answers the customer's order with its lines and totals computed once from what Medusa stored", async () => {
    const agent = t.agent();
    await agent.post('/store/auth').send({ email: 'shopper@shop.test', password: SHOPPER_PASSWORD }).expect(200);
    const res = await agent.get('/store/orders/order_01DONE').expect(200);
    const o = res.body.order;
    expect(o).toMatchObject({ id: 'order_01DONE', display_id: 41, subtotal: 5000, shipping_total: 500, item_tax_total: 1250, shipping_tax_total: 125 });
    expect(o.gift_card_total).toBe(3000);
    expect(o.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity])).toEqual([['item_01DONE', 2]]);
    expect(o.total).toBe(o.subtotal + o.shipping_total + o.tax_total - o.discount_total - o.gift_card_total);
  });

  it("shows the order's fulfilment with its item and tracking link, its refund and its staff note to the admin", async () => {
    const admin = t.http();
    const res = await admin.get('/admin/orders/order_01DONE').set(bearer('medusa-api-token-ada')).expect(200);
    const o = res.body.order;
    expect(o.fulfillment_status).toBe('partially_shipped');
    expect(o.fulfillments).toHaveLength(1);
    expect(o.fulfillments[0]).toMatchObject({
      id: 'ful_01HALF',
      provider_id: 'manual',
      items: [expect.objectContaining({ item_id: 'item_01DONE', quantity: 1 })],
    });
    expect(o.fulfillments[0].tracking_links).toEqual([expect.objectContaining({ id: 'tlink_01', tracking_number: 'PKG-0001' })]);
    expect(o.refunds).toEqual([expect.objectContaining({ id: 'ref_01', amount: 1000, reason: 'other', note: 'Late delivery' })]);
    expect(o.refunded_total).toBe(1000);
    const notes = await admin.get('/admin/notes').query({ resource_id: 'order_01DONE' }).set(bearer('medusa-api-token-ada')).expect(200);
    expect(notes.body.notes).toEqual([expect.objectContaining({ id: 'note_01', value: 'Customer called about delivery', author_id: 'usr_01ADA' })]);
    for (const table of ['fulfillment', 'fulfillment_item', 'tracking_link', 'refund', 'note']) {
      expect(first.notCarried.map((n) => n.table)).not.toContain(table);
    }
  });

  it('keeps tax rates beyond the region rate with the products, product types and shipping options they override', async () => {
    const res = await t
      .http()
      .get('/admin/tax-rates/txr_01REDUCED')
      .query({ expand: 'products,product_types,shipping_options' })
      .set(bearer('medusa-api-token-ada'))
      .expect(200);
    const r = res.body.tax_rate;
    expect(r).toMatchObject({ id: 'txr_01REDUCED', rate: 12.5, code: 'reduced', name: 'Reduced VAT', region_id: 'reg_01EU' });
    expect(r.products.map((p: { id: string }) => p.id)).toEqual(['prod_01SHIRT']);
    expect(r.product_types.map((p: { id: string }) => p.id)).toEqual(['ptyp_01SHIRT']);
    expect(r.shipping_options.map((p: { id: string }) => p.id)).toEqual(['so_01STD']);
    for (const table of ['tax_rate', 'product_tax_rate', 'product_type_tax_rate', 'shipping_tax_rate']) {
      expect(first.notCarried.map((n) => n.table)).not.toContain(table);
    }
  });

  it("keeps an open invite with only its token's digest; the token Medusa mailed is accepted here once", async () => {
    const list = await t.http().get('/admin/invites').set(bearer('medusa-api-token-ada')).expect(200);
    expect(list.body.invites).toEqual([expect.objectContaining({ id: 'invite_01BOB', user_email: 'bob@shop.test', role: 'developer', accepted: false })]);
    expect(JSON.stringify(list.body)).not.toContain(MEDUSA_INVITE_TOKEN);
    const stored = await onDatabase(targetUrl, async (c) => JSON.stringify((await c.query(`SELECT * FROM invite`)).rows));
    expect(stored).not.toContain(MEDUSA_INVITE_TOKEN);
    expect(first.notCarried.map((n) => n.table)).not.toContain('invite');

    const accept = (token: string) =>
      t
        .http()
        .post('/admin/invites/accept')
        .send({ token, user: { first_name: 'Bob', password: 'bob-secret-1' } });
    expect((await accept(`${MEDUSA_INVITE_TOKEN}x`).expect(400)).body.message).toBe('Invalid invite');
    await accept(MEDUSA_INVITE_TOKEN).expect(200);
    await accept(MEDUSA_INVITE_TOKEN).expect(400);
    const login = await t.http().post('/admin/auth').send({ email: 'bob@shop.test', password: 'bob-secret-1' }).expect(200);
    expect(login.body.user).toMatchObject({ email: 'bob@shop.test', role: 'developer' });
  });

  it('keeps the open cart working under its id, and it completes into an order here', async () => {
    const cart = await t.http().get('/store/carts/cart_01OPEN').expect(200);
    expect(cart.body.cart).toMatchObject({ id: 'cart_01OPEN', subtotal: 2500, discount_total: 250, shipping_total: 500 });
    expect(cart.body.cart.discounts.map((d: { code: string }) => d.code)).toEqual(['TEN']);
    await t.http().post('/store/carts/cart_01OPEN/payment-sessions').expect(200);
    const done = await t.http().post('/store/carts/cart_01OPEN/complete').expect(200);
    expect(done.body.type).toBe('order');
    expect(done.body.data).toMatchObject({ cart_id: 'cart_01OPEN', customer_id: 'cus_01REG', display_id: 42 });
  });

  it('re-runs by id: what changed is updated, what is new is added, nothing is duplicated', async () => {
    const before = await count(`SELECT count(*) AS n FROM customer`);
    await onDatabase(source.url, async (c) => {
      await c.query(`UPDATE gift_card SET balance = 1500 WHERE id = 'gift_01HALF'`);
      await c.query(`UPDATE customer SET billing_address_id = NULL WHERE id = 'cus_01REG'`);
      // A name longer than the API accepts, on two lines: the shop's own data, imported as it is (docs/security.md).
      await c.query(`INSERT INTO customer (id, email, has_account, first_name) VALUES ('cus_01LATE', 'late@shop.test', false, $1)`, [LONG_IMPORTED_NAME]);
      await c.query(
        `UPDATE product_category SET parent_category_id = 'pcat_01TOPS', mpath = 'pcat_02WEAR.pcat_01TOPS.pcat_04KNITS.', rank = 0 WHERE id = 'pcat_04KNITS'`,
      );
    });
    const again = await runImport();
    expect(again.failures).toEqual([]);
    expect(kind(again, 'customers')).toMatchObject({ read: 3, written: 3 });
    expect(await count(`SELECT count(*) AS n FROM customer`)).toBe(before + 1);
    expect(await count(`SELECT balance AS n FROM gift_card WHERE id = 'gift_01HALF'`)).toBe(1500);
    expect(await count(`SELECT count(*) AS n FROM customer WHERE id = 'cus_01REG' AND billing_address_id IS NULL`)).toBe(1);
    const late = await onDatabase(targetUrl, (c) => c.query(`SELECT first_name FROM customer WHERE id = 'cus_01LATE'`));
    expect(late.rows[0].first_name).toBe(LONG_IMPORTED_NAME);
    expect(await count(`SELECT count(*) AS n FROM discount WHERE id = 'disc_01DYNCODE' AND parent_discount_id = 'disc_01DYN'`)).toBe(1);
    expect(
      await count(`SELECT count(*) AS n FROM product_category WHERE id = 'pcat_04KNITS' AND mpath = 'pcat_02WEAR.pcat_01TOPS.pcat_04KNITS.' AND rank = 0`),
    ).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM product_category`)).toBe(4);
  });

  it('takes a Medusa database without product categories (before 1.20, or the flag off), naming them as absent', async () => {
    const older = await createMedusaDatabase();
    try {
      await onDatabase(older.url, (c) => c.query(`DROP TABLE product_category_product; DROP TABLE product_category`));
      const seen: string[] = [];
      const report = await onDatabase(targetUrl, (target) => importMedusa({ from: older.url, target, dryRun: true, log: (l) => seen.push(l) }));
      expect(report.kinds.map((k) => k.name)).not.toContain('product categories');
      expect(seen).toContain('product categories: none (the source has no product_category table)');
      expect(seen).toContain('product category links: none (the source has no product_category_product table)');
    } finally {
      await older.drop();
    }
  });

  it('--dry-run reads and checks everything and writes nothing', async () => {
    await onDatabase(source.url, (c) => c.query(`INSERT INTO customer (id, email, has_account) VALUES ('cus_01DRY', 'dry@shop.test', false)`));
    // A changed row too, so a dry run that wrote updates would show as well as one that inserted.
    await onDatabase(source.url, (c) => c.query(`UPDATE product SET title = title || ' (dry)' WHERE id = 'prod_01SHIRT'`));
    const before = await targetDigests();
    const dry = await runImport({ dryRun: true });
    expect(changedTables(before, await targetDigests())).toEqual([]);
    await onDatabase(source.url, (c) => c.query(`UPDATE product SET title = left(title, -6) WHERE id = 'prod_01SHIRT'`));
    expect(dry.committed).toBe(false);
    expect(kind(dry, 'customers').written).toBe(4);
    expect(await count(`SELECT count(*) AS n FROM customer WHERE id = 'cus_01DRY'`)).toBe(0);
    expect(describeOutcome(dry).at(-1)).toMatch(/^dry run: every row checked, \d+ rows would be written, nothing was written/);
  });

  it('names every row it cannot take with the reason, and then writes nothing at all', async () => {
    await onDatabase(source.url, async (c) => {
      await c.query(`INSERT INTO gift_card (id, code, value, balance, region_id, is_disabled) VALUES ('gift_01BAD', 'BAD', 1000, 5000, 'reg_01EU', false)`);
      await c.query(
        `INSERT INTO product_variant (id, title, product_id, inventory_quantity, allow_backorder, manage_inventory)
         VALUES ('variant_01OVERSOLD', 'L', 'prod_01SHIRT', -2, false, true)`,
      );
    });
    const before = await targetDigests();
    const failed = await runImport();
    expect(changedTables(before, await targetDigests())).toEqual([]);
    expect(failed.committed).toBe(false);
    expect(failed.failures).toEqual(
      expect.arrayContaining([
        { kind: 'gift cards', id: 'gift_01BAD', reason: 'balance 5000 outside 0..value 1000' },
        { kind: 'product variants', id: 'variant_01OVERSOLD', reason: 'negative inventory without backorder' },
      ]),
    );
    expect(failed.failures).toHaveLength(2);
    expect(await count(`SELECT count(*) AS n FROM customer WHERE id = 'cus_01DRY'`)).toBe(0);
    expect(describeOutcome(failed).at(-1)).toMatch(/^nothing was written: 2 rows could not be taken/);
  });

  it('as a command: prints the lines, exits 1 naming the refused rows, and writes nothing', async () => {
    const before = await targetDigests();
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli/import-medusa.ts', '--from', source.url], {
      cwd: resolve(__dirname, '../../..'),
      env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json', DATABASE_URL: targetUrl },
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('gift cards: 2 read, 1 written, 0 skipped, 1 failed');
    expect(run.stdout).toContain('  gift cards gift_01BAD: balance 5000 outside 0..value 1000');
    expect(run.stderr.trim()).toMatch(/^import:medusa failed: nothing was written: 2 rows could not be taken/);
    expect(changedTables(before, await targetDigests())).toEqual([]);
  }, 180_000);

  it('as a command: a missing --from is a usage error before any database is touched', () => {
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli/import-medusa.ts', '--dry-run'], {
      cwd: resolve(__dirname, '../../..'),
      env: { ...process.env, TS_NODE_PROJECT: 'tsconfig.json', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('import:medusa: give the Medusa database as --from postgres://...');
  }, 60_000);
});

import type { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { writeFileSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { importMedusa } from '../../../src/modules/medusa-import/medusa-import.service';
import { createTestDatabase, dropTestDatabase, startTestApp, type TestApp } from '../../helpers/app';
import { bearer } from '../../helpers/auth';
import { databaseUrl } from '../../helpers/db-urls';
import { onDatabase } from './medusa-source';
import { installMedusa, MEDUSA_DIR, MEDUSA_VERSION, MedusaClient, medusaCli, reachable, startMedusa } from './real-medusa';

const REDIS = { host: '127.0.0.1', port: 6379 };
const ADMIN = { email: 'admin@medusa.test', password: 'admin-secret-1' };
const SHOPPER = { email: 'shopper@medusa.test', password: 'shopper-secret-1' };
const API_TOKEN = 'real-medusa-api-token';
const ADDRESS = { first_name: 'Sam', last_name: 'Shopper', address_1: 'Strøget 1', city: 'København', country_code: 'dk', postal_code: '1100' };

const SEED = {
  store: { currencies: ['eur', 'usd'] },
  users: [ADMIN],
  regions: [
    {
      id: 'test-region-eu',
      name: 'Nordics',
      currency_code: 'eur',
      tax_rate: 25,
      payment_providers: ['manual'],
      fulfillment_providers: ['manual'],
      countries: ['dk', 'se'],
    },
  ],
  shipping_options: [
    { name: 'Standard', region_id: 'test-region-eu', provider_id: 'manual', data: { id: 'manual-fulfillment' }, price_type: 'flat_rate', amount: 500 },
  ],
  products: [
    {
      title: 'Shirt',
      handle: 'shirt',
      status: 'published',
      options: [{ title: 'Size' }],
      variants: [
        {
          title: 'M',
          sku: 'SHIRT-M',
          inventory_quantity: 100,
          manage_inventory: true,
          prices: [{ currency_code: 'eur', amount: 2500 }],
          options: [{ value: 'M' }],
        },
      ],
    },
  ],
};

// Decided at collection time so a machine that cannot install Medusa shows these tests as skipped, with the reason.
// MEDUSA_REAL_TEST=required (set by .ci/run where the registry is reachable) turns that skip into a failure.
const unavailable = installMedusa();
const required = process.env.MEDUSA_REAL_TEST === 'required';
if (unavailable && !required) process.stderr.write(`real-Medusa import test skipped: ${unavailable}\n`);
const describeReal = unavailable ? describe.skip : describe;

if (unavailable && required) {
  describe(`Importing a shop made by a real Medusa ${MEDUSA_VERSION}`, () => {
    it('runs, because MEDUSA_REAL_TEST=required', () => {
      throw new Error(`MEDUSA_REAL_TEST=required but the real-Medusa import test cannot run: ${unavailable}`);
    });
  });
}

/**
 * The import against a shop made by a real Medusa 1.20: its migrations, its seed command
 * and its own API. What Medusa answered is then asked of this service after the import.
 */
describeReal(`Importing a shop made by a real Medusa ${MEDUSA_VERSION}`, () => {
  const name = `medusa_real_${randomBytes(4).toString('hex')}`;
  const sourceUrl = databaseUrl(process.env.TEST_PG_SERVER_URL!, name);
  let medusa: ChildProcess | undefined;
  let targetName: string;
  let t: TestApp;
  const ids: Record<string, string> = {};
  const medusaSaid: Record<string, any> = {};

  beforeAll(async () => {
    if (!(await reachable(REDIS.host, REDIS.port))) throw new Error(`Medusa needs Redis at ${REDIS.host}:${REDIS.port}`);
    await onDatabase(process.env.TEST_PG_SERVER_URL!, (c) => c.query(`CREATE DATABASE "${name}"`));
    // Product categories are behind a feature flag in Medusa 1.20, off by default.
    const env = { DATABASE_URL: sourceUrl, REDIS_URL: `redis://${REDIS.host}:${REDIS.port}`, MEDUSA_FF_PRODUCT_CATEGORIES: 'true' };
    medusaCli(['migrations', 'run'], env);
    writeFileSync(join(MEDUSA_DIR, 'import-test-seed.json'), JSON.stringify(SEED));
    medusaCli(['seed', '-f', 'import-test-seed.json'], env);
    const port = 9100 + Math.floor(Math.random() * 800);
    medusa = await startMedusa(port, env);
    await driveMedusa(`http://127.0.0.1:${port}`);
    medusa.kill('SIGTERM');

    targetName = await createTestDatabase();
    const targetUrl = databaseUrl(process.env.TEST_PG_SERVER_URL!, targetName);
    const report = await onDatabase(targetUrl, (target) => importMedusa({ from: sourceUrl, target }));
    if (report.failures.length) throw new Error(`import refused rows: ${JSON.stringify(report.failures)}`);
    t = await startTestApp(targetUrl);
  }, 420_000);

  afterAll(async () => {
    medusa?.kill('SIGKILL');
    await t?.close();
    if (targetName) await dropTestDatabase(targetName);
    await onDatabase(process.env.TEST_PG_SERVER_URL!, (c: Client) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  /** A shop's life through Medusa's API; what Medusa answered is kept to compare. */
  async function driveMedusa(base: string): Promise<void> {
    const admin = new MedusaClient(base);
    const { user } = await admin.req('POST', '/admin/auth', ADMIN);
    await admin.req('POST', `/admin/users/${user.id}`, { api_token: API_TOKEN });
    const region = (await admin.req('GET', '/admin/regions')).regions[0];
    const shirt = (await admin.req('GET', '/admin/products')).products.find((p: { handle: string }) => p.handle === 'shirt');
    const option = (await admin.req('GET', '/admin/shipping-options')).shipping_options[0];
    const group = (await admin.req('POST', '/admin/customer-groups', { name: 'VIP' })).customer_group;
    const rule = (r: Record<string, unknown>) => ({ allocation: 'total', ...r });
    const ten = (
      await admin.req('POST', '/admin/discounts', {
        code: 'TEN',
        regions: [region.id],
        rule: rule({ type: 'percentage', value: 10, conditions: [{ operator: 'in', products: [shirt.id] }] }),
      })
    ).discount;
    await admin.req('POST', '/admin/discounts', {
      code: 'VIPFIVE',
      regions: [region.id],
      rule: rule({ type: 'fixed', value: 500, conditions: [{ operator: 'in', customer_groups: [group.id] }] }),
    });
    await admin.req('POST', '/admin/discounts', { code: 'FREESHIP', regions: [region.id], rule: rule({ type: 'free_shipping', value: 0 }) });
    const welcome = (
      await admin.req('POST', '/admin/discounts', { code: 'WELCOME', is_dynamic: true, regions: [region.id], rule: rule({ type: 'fixed', value: 300 }) })
    ).discount;
    await admin.req('POST', `/admin/discounts/${welcome.id}/dynamic-codes`, { code: 'WELCOME-ABC' });
    const giftCard = (await admin.req('POST', '/admin/gift-cards', { region_id: region.id, value: 10000 })).gift_card;

    // A two-level category tree, the shirt in a child category.
    const category = async (body: Record<string, unknown>) =>
      (await admin.req('POST', '/admin/product-categories', { is_active: true, ...body })).product_category;
    const wear = await category({ name: 'Wear', handle: 'wear' });
    const tops = await category({ name: 'Tops', handle: 'tops', parent_category_id: wear.id });
    await category({ name: 'Knits', handle: 'knits', parent_category_id: wear.id });
    await category({ name: 'Gifts', handle: 'gifts' });
    await admin.req('POST', `/admin/product-categories/${tops.id}/products/batch`, { product_ids: [{ id: shirt.id }] });
    medusaSaid.wear = (await admin.req('GET', '/store/product-categories?handle=wear&include_descendants_tree=true')).product_categories[0];
    medusaSaid.wearProducts = (await admin.req('GET', `/store/products?category_id[]=${wear.id}&include_category_children=true`)).products;

    const shopper = new MedusaClient(base);
    const customer = (await shopper.req('POST', '/store/customers', { ...SHOPPER, first_name: 'Sam', last_name: 'Shopper' })).customer;
    await shopper.req('POST', '/store/customers/me/addresses', { address: ADDRESS });
    await admin.req('POST', `/admin/customer-groups/${group.id}/customers/batch`, { customer_ids: [{ id: customer.id }] });

    // An order paid with the gift card (which covers it and keeps a balance) and a dynamic code.
    const cart = (await shopper.req('POST', '/store/carts', { region_id: region.id })).cart;
    await shopper.req('POST', `/store/carts/${cart.id}/line-items`, { variant_id: shirt.variants[0].id, quantity: 2 });
    await shopper.req('POST', `/store/carts/${cart.id}`, {
      shipping_address: ADDRESS,
      gift_cards: [{ code: giftCard.code }],
      discounts: [{ code: 'WELCOME-ABC' }],
    });
    await shopper.req('POST', `/store/carts/${cart.id}/shipping-methods`, { option_id: option.id });
    await shopper.req('POST', `/store/carts/${cart.id}/payment-sessions`);
    const placed = await shopper.req('POST', `/store/carts/${cart.id}/complete`);
    if (placed.type !== 'order') throw new Error(`Medusa did not place the order: ${JSON.stringify(placed).slice(0, 300)}`);
    medusaSaid.order = (await shopper.req('GET', `/store/orders/${placed.data.id}`)).order;
    medusaSaid.giftCard = (await shopper.req('GET', `/store/gift-cards/${giftCard.code}`)).gift_card;

    const draft = (
      await admin.req('POST', '/admin/draft-orders', {
        email: SHOPPER.email,
        customer_id: customer.id,
        region_id: region.id,
        items: [{ variant_id: shirt.variants[0].id, quantity: 1 }],
        shipping_methods: [{ option_id: option.id }],
        shipping_address: ADDRESS,
      })
    ).draft_order;

    // An open cart with a code and a shipping method, as a shopper leaves it mid-checkout.
    const open = (await shopper.req('POST', '/store/carts', { region_id: region.id })).cart;
    await shopper.req('POST', `/store/carts/${open.id}/line-items`, { variant_id: shirt.variants[0].id, quantity: 1 });
    await shopper.req('POST', `/store/carts/${open.id}`, { shipping_address: ADDRESS, discounts: [{ code: 'TEN' }] });
    await shopper.req('POST', `/store/carts/${open.id}/shipping-methods`, { option_id: option.id });
    medusaSaid.openCart = (await shopper.req('POST', `/store/carts/${open.id}/payment-sessions`)).cart;

    const guest = new MedusaClient(base);
    const guestCart = (await guest.req('POST', '/store/carts', { region_id: region.id })).cart;
    medusaSaid.guest = (await guest.req('POST', `/store/carts/${guestCart.id}`, { email: 'guest@medusa.test' })).cart;

    medusaSaid.welcomeCode = (await admin.req('GET', '/admin/discounts/code/WELCOME-ABC')).discount;
    medusaSaid.ten = (await admin.req('GET', `/admin/discounts/${ten.id}`)).discount;
    Object.assign(ids, { user: user.id, customer: customer.id, draft: draft.id, draftCart: draft.cart_id, giftCode: giftCard.code, group: group.id });
  }

  it('lets the admin log in with the password set through Medusa and use the same API token', async () => {
    const login = await t.agent().post('/admin/auth').send(ADMIN).expect(200);
    expect(login.body.user.id).toBe(ids.user);
    const res = await t.http().get(`/admin/customers/${ids.customer}`).query({ expand: 'groups' }).set(bearer(API_TOKEN)).expect(200);
    expect(res.body.customer).toMatchObject({ id: ids.customer, email: SHOPPER.email, has_account: true });
    expect(res.body.customer.groups.map((g: { id: string }) => g.id)).toEqual([ids.group]);
  });

  it('lets the shopper log in with the password they registered with at Medusa', async () => {
    const agent = t.agent();
    await agent.post('/store/auth').send(SHOPPER).expect(200);
    const me = await agent.get('/store/customers/me').expect(200);
    expect(me.body.customer.id).toBe(ids.customer);
    expect(me.body.customer.shipping_addresses.map((a: { city: string }) => a.city)).toContain('København');
    const guest = await t.http().get(`/admin/customers/${medusaSaid.guest.customer_id}`).set(bearer(API_TOKEN)).expect(200);
    expect(guest.body.customer).toMatchObject({ email: 'guest@medusa.test', has_account: false });
  });

  it("answers Medusa's order with the same totals and lines", async () => {
    const agent = t.agent();
    await agent.post('/store/auth').send(SHOPPER).expect(200);
    const ours = (await agent.get(`/store/orders/${medusaSaid.order.id}`).expect(200)).body.order;
    const theirs = medusaSaid.order;
    for (const field of ['subtotal', 'discount_total', 'shipping_total', 'tax_total', 'gift_card_total', 'gift_card_tax_total', 'total', 'display_id']) {
      expect([field, ours[field]]).toEqual([field, theirs[field]]);
    }
    const lines = (o: { items: Array<{ id: string; quantity: number; unit_price: number }> }) => o.items.map((i) => [i.id, i.quantity, i.unit_price]);
    expect(lines(ours)).toEqual(lines(theirs));
  });

  it('keeps the gift card balance, the codes with their usage counts, and the draft order', async () => {
    const card = (await t.http().get(`/store/gift-cards/${ids.giftCode}`).expect(200)).body.gift_card;
    expect(card).toMatchObject({ id: medusaSaid.giftCard.id, value: 10000, balance: medusaSaid.giftCard.balance });
    expect(card.balance).toBeLessThan(10000);
    const code = (await t.http().get('/admin/discounts/code/WELCOME-ABC').set(bearer(API_TOKEN)).expect(200)).body.discount;
    expect(code).toMatchObject({
      id: medusaSaid.welcomeCode.id,
      usage_count: medusaSaid.welcomeCode.usage_count,
      parent_discount_id: medusaSaid.welcomeCode.parent_discount_id,
    });
    const ten = (await t.http().get(`/admin/discounts/${medusaSaid.ten.id}`).set(bearer(API_TOKEN)).expect(200)).body.discount;
    expect(ten.rule.conditions).toHaveLength(1);
    const draft = (await t.http().get(`/admin/draft-orders/${ids.draft}`).set(bearer(API_TOKEN)).expect(200)).body.draft_order;
    expect(draft).toMatchObject({ id: ids.draft, cart_id: ids.draftCart, status: 'open' });
  });

  it('answers the category tree and the products under it as Medusa did', async () => {
    type Node = { id: string; name: string; handle: string; rank: number; category_children: Node[] };
    const tree = (n: Node): unknown => [n.id, n.name, n.handle, n.rank, n.category_children.map(tree)];
    const ours = (await t.http().get('/store/product-categories?handle=wear&include_descendants_tree=true').expect(200)).body.product_categories[0];
    expect(medusaSaid.wear.category_children).toHaveLength(2);
    expect(tree(ours)).toEqual(tree(medusaSaid.wear));
    const products = (await t.http().get(`/store/products?category_id[]=${medusaSaid.wear.id}&include_category_children=true`).expect(200)).body.products;
    const productIds = (list: Array<{ id: string }>) => list.map((p) => p.id);
    expect(productIds(medusaSaid.wearProducts)).toHaveLength(1);
    expect(productIds(products)).toEqual(productIds(medusaSaid.wearProducts));
  });

  it("keeps the open cart's totals, and the cart completes into an order here", async () => {
    const theirs = medusaSaid.openCart;
    const ours = (await t.http().get(`/store/carts/${theirs.id}`).expect(200)).body.cart;
    for (const field of ['subtotal', 'discount_total', 'shipping_total', 'tax_total', 'total']) {
      expect([field, ours[field]]).toEqual([field, theirs[field]]);
    }
    await t.http().post(`/store/carts/${theirs.id}/payment-sessions`).expect(200);
    const done = await t.http().post(`/store/carts/${theirs.id}/complete`).expect(200);
    expect(done.body).toMatchObject({ type: 'order', data: { cart_id: theirs.id, total: theirs.total } });
  });
});

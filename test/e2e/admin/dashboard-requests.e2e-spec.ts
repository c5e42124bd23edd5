import { createRichProduct } from '../../factories/catalog.factory';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCollection } from '../../factories/collection.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createProduct } from '../../factories/product.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
type Row = { id: string };
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();
const enc = encodeURIComponent;

/** The order page's `expand` (its orderRelations; order editing is off), as medusa-js encodes it. */
const ORDER_PAGE_EXPAND = enc(
  [
    'customer',
    'billing_address',
    'shipping_address',
    'discounts',
    'discounts.rule',
    'shipping_methods',
    'shipping_methods.shipping_option',
    'payments',
    'items',
    'fulfillments',
    'fulfillments.tracking_links',
    'returns',
    'returns.shipping_method',
    'returns.shipping_method.shipping_option',
    'returns.shipping_method.tax_lines',
    'refunds',
    'claims.claim_items.item',
    'claims.fulfillments',
    'claims.return_order',
    'claims.additional_items.variant.product.profiles',
    'swaps.return_order',
    'swaps.additional_items.variant.product.profiles',
    'swaps.fulfillments',
    'returnable_items',
  ].join(','),
);

/*
 * Medusa v1's own admin dashboard (@medusajs/admin 7.1.x) talks to /admin through
 * medusa-react and medusa-js: query objects go out through qs (brackets and commas
 * percent-encoded, arrays as `a[0]=`), and a page load reads the session, the store and
 * the users. These are the requests of the steps a shop's staff takes, exactly as the
 * dashboard sends them, and what each step needs from the answer.
 */
describe('Admin requests as Medusa v1’s dashboard sends them', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, { region: { name: 'Dashboard EU' } });
  });
  afterAll(() => t.close());

  it('every page load: the session, the store (feature flags with modules, analytics off), the users, the batch jobs', async () => {
    await admin.get('/admin/auth').expect(200);
    const { store } = (await admin.get('/admin/store/').expect(200)).body;
    expect(store.feature_flags.length).toBeGreaterThan(0);
    expect(Array.isArray(store.modules)).toBe(true);
    expect(store.feature_flags).toContainEqual({ key: 'analytics', value: false });
    // With analytics off the dashboard's read of its config may 404, as on Medusa: no consent dialog.
    await admin.get('/admin/analytics-configs').expect(404);
    const users = (await admin.get('/admin/users').expect(200)).body;
    expect(users.users.map((u: Row) => u.id)).toContain(admin.credentials.user.id);
    expect(users.users[0]).not.toHaveProperty('api_token');
    await admin.get(`/admin/users/${admin.credentials.user.id}`).expect(200);
    await admin.get('/admin/batch-jobs?limit=100').expect(200);
  });

  it('the region selects of the discount, gift card and draft order forms, and the order export filter', async () => {
    await admin.get('/admin/regions?limit=100').expect(200);
    await admin.get('/admin/regions?offset=0&limit=10').expect(200);
    const list = (await admin.get('/admin/regions').expect(200)).body;
    expect(list.regions.map((r: Row) => r.id)).toContain(shop.region.id);
    const region = list.regions.find((r: Row) => r.id === shop.region.id);
    expect(region).toMatchObject({ currency_code: 'eur', currency: { code: 'eur' }, countries: expect.any(Array), payment_providers: expect.any(Array) });
    await admin.get(`/admin/regions/${shop.region.id}`).expect(200);
    const options = (await admin.get(`/admin/regions/${shop.region.id}/fulfillment-options`).expect(200)).body;
    expect(options.fulfillment_options).toEqual([
      { provider_id: 'manual', options: [{ id: 'manual-fulfillment' }, { id: 'manual-fulfillment-return', is_return: true }] },
    ]);
  });

  it("a draft order: the variant search, the chosen variants priced for the region, the region's shipping options (admin-only too)", async () => {
    const m = t.dataSource.manager;
    const product = await createProduct(m, { title: 'Dashboard Hoodie', variants: [{ prices: [{ currency_code: 'eur', amount: 4500 }] }] });
    const adminOnly = await createShippingOption(m, { region_id: shop.region.id, name: 'Courier (staff)', admin_only: true });
    await createShippingOption(m, { region_id: shop.region.id, name: 'Returns', is_return: true });
    const customer = await createCustomer(m);

    expect((await admin.get('/admin/variants?q=&limit=12&offset=0').expect(200)).body.count).toBeGreaterThan(0);
    const search = (await admin.get('/admin/variants?q=dashboard%20hoodie&limit=12&offset=0').expect(200)).body;
    expect(search.variants.map((v: Row) => v.id)).toEqual([product.variants![0].id]);
    const variantId = product.variants![0].id;
    const priced = (await admin.get(`/admin/variants?id%5B0%5D=${variantId}&region_id=${shop.region.id}`).expect(200)).body;
    expect(priced.variants[0]).toMatchObject({ id: variantId, product: { title: 'Dashboard Hoodie' }, prices: [expect.objectContaining({ amount: 4500 })] });

    const options = (await admin.get(`/admin/shipping-options?region_id=${shop.region.id}&is_return=false`).expect(200)).body;
    expect(ids(options.shipping_options)).toEqual(ids([shop.shippingOption, adminOnly]));
    expect(options.shipping_options[0]).toMatchObject({ price_incl_tax: expect.any(Number), region: { id: shop.region.id } });
    await admin.get(`/admin/shipping-options?region_id=${shop.region.id}`).expect(200);
    await admin.get(`/admin/shipping-options/${adminOnly.id}`).expect(200);
    await admin.get('/admin/customers?limit=10&offset=0').expect(200);
    await admin.get(`/admin/customers?limit=10&offset=0&q=${enc(customer.email)}`).expect(200);

    // The draft, marked paid, then shown as an order ("Go to order").
    const created = await admin
      .post('/admin/draft-orders')
      .send({
        email: customer.email,
        customer_id: customer.id,
        region_id: shop.region.id,
        items: [{ variant_id: variantId, quantity: 1, unit_price: 4500 }],
        shipping_methods: [{ option_id: adminOnly.id }],
        shipping_address: { first_name: 'Ada', last_name: 'L', address_1: 'Main 1', city: 'Berlin', country_code: 'de', postal_code: '10115' },
        billing_address: { first_name: 'Ada', last_name: 'L', address_1: 'Main 1', city: 'Berlin', country_code: 'de', postal_code: '10115' },
      })
      .expect(200);
    const draft = (await admin.get(`/admin/draft-orders/${created.body.draft_order.id}`).expect(200)).body.draft_order;
    expect(draft.cart).toHaveProperty('raw_discount_total');
    expect(draft.cart.region.tax_rates).toEqual([]);
    const { order } = (await admin.post(`/admin/draft-orders/${draft.id}/pay`).expect(200)).body;
    expect(order).toMatchObject({ billing_address: expect.any(Object), fulfillments: [], refunds: [], returns: [], swaps: [], claims: [] });
    expect(order.items[0].variant.product.title).toBe('Dashboard Hoodie');

    const page = (await admin.get(`/admin/orders/${order.id}`).expect(200)).body.order;
    expect(page).toMatchObject({ id: order.id, total: order.total });
    const timeline = (await admin.get(`/admin/orders/${order.id}?expand=${ORDER_PAGE_EXPAND}`).expect(200)).body.order;
    // Nothing shipped yet: nothing to return (Medusa's returnable_items).
    expect(timeline.returnable_items).toEqual([]);
    await admin.get(`/admin/regions/${order.region_id}`).expect(200);
    expect((await admin.get(`/admin/notes?resource_id=${order.id}&limit=100&offset=0`).expect(200)).body).toEqual({
      notes: [],
      count: 0,
      offset: 0,
      limit: 100,
    });
    expect((await admin.get(`/admin/notifications?resource_id=${order.id}`).expect(200)).body.notifications).toEqual([]);
    // Read whatever the order_editing flag says: no edits (order editing is off here).
    expect((await admin.get(`/admin/order-edits?order_id=${order.id}`).expect(200)).body).toEqual({ order_edits: [], count: 0, offset: 0, limit: 20 });
    // With Medusa's order_editing flag on, the order page also expands `edits`.
    const withEdits = (await admin.get(`/admin/orders/${order.id}?expand=${ORDER_PAGE_EXPAND}%2Cedits`).expect(200)).body.order;
    expect(withEdits.edits).toEqual([]);

    // The landing page (the orders table) and the customer's orders show it.
    const fields = enc('id,status,display_id,created_at,email,fulfillment_status,payment_status,total,currency_code');
    for (const expand of ['customer,shipping_address', 'customer,shipping_address,sales_channel']) {
      const landing = await admin.get(`/admin/orders?expand=${enc(expand)}&fields=${fields}&offset=0&limit=15`).expect(200);
      expect(landing.body.orders.map((o: Row) => o.id)).toContain(order.id);
    }
    await admin.get('/admin/sales-channels?limit=10').expect(200);
    const mine = await admin.get(`/admin/orders?customer_id=${customer.id}&offset=0&limit=15`).expect(200);
    expect(mine.body.orders.map((o: Row) => o.id)).toEqual([order.id]);
  });

  it("a collection's products: the add-products search, then its own list by collection_id[0]", async () => {
    const m = t.dataSource.manager;
    const inside = await createProduct(m, { title: 'Collected tee' });
    const outside = await createProduct(m, { title: 'Loose tee' });
    const collection = await createCollection(m, { product_ids: [inside.id] });

    await admin.get('/admin/collections?q=&offset=0&limit=15').expect(200);
    await admin.get(`/admin/collections/${collection.id}`).expect(200);
    expect((await admin.get('/admin/products?q=&limit=10&offset=0').expect(200)).body.count).toBeGreaterThanOrEqual(2);
    const search = (await admin.get('/admin/products?q=tee&limit=10&offset=0').expect(200)).body;
    expect(ids(search.products)).toEqual(ids([inside, outside]));
    const own = (await admin.get(`/admin/products?q=&collection_id%5B0%5D=${collection.id}&limit=10&offset=0`).expect(200)).body;
    expect(ids(own.products)).toEqual([inside.id]);
    const bracketed = (await admin.get(`/admin/products?collection_id%5B%5D=${collection.id}`).expect(200)).body;
    expect(ids(bracketed.products)).toEqual([inside.id]);
  });

  it('the products and gift card pages, and the discount conditions’ product, tag and type tables', async () => {
    const m = t.dataSource.manager;
    const gift = await createProduct(m, { title: 'Gift Card', is_giftcard: true });
    await createRichProduct(m, { tags: ['dash-tag'], type: 'dash-type' });
    const fields = enc('id,title,thumbnail,status,handle,collection_id');
    for (const expand of [
      'variants,options,variants.prices,variants.options,collection,tags,type,images',
      'variants,options,variants.prices,variants.options,collection,tags,type,images,sales_channels',
    ]) {
      const table = await admin.get(`/admin/products?fields=${fields}&expand=${enc(expand)}&is_giftcard=false&offset=0&limit=15`).expect(200);
      expect(table.body.products.map((p: Row) => p.id)).not.toContain(gift.id);
    }
    // The discount condition's product table.
    expect((await admin.get('/admin/products?limit=15&offset=0').expect(200)).body.products[0]).toHaveProperty('profile');
    await admin.get('/admin/product-tags').expect(200);
    expect((await admin.get('/admin/products?is_giftcard=true').expect(200)).body.products.map((p: Row) => p.id)).toEqual([gift.id]);
    await admin.get(`/admin/products/${gift.id}`).expect(200);
    expect((await admin.get('/admin/product-tags?limit=10&offset=0&q=dash').expect(200)).body.product_tags).toHaveLength(1);
    expect((await admin.get('/admin/product-types?limit=10&offset=0&q=dash').expect(200)).body.product_types).toHaveLength(1);
    expect((await admin.get('/admin/sales-channels').expect(200)).body.count).toBeGreaterThanOrEqual(1);
  });

  it('Settings -> Currencies: the store currencies seen, added and removed through POST /admin/store/', async () => {
    const before = (await admin.get('/admin/store/').expect(200)).body.store.currencies.map((c: { code: string }) => c.code);
    const added = await admin
      .post('/admin/store/')
      .send({ currencies: [...before, 'dkk'] })
      .expect(200);
    expect(added.body.store.currencies.map((c: { code: string }) => c.code)).toContain('dkk');
    const removed = await admin.post('/admin/store/').send({ currencies: before }).expect(200);
    expect(removed.body.store.currencies.map((c: { code: string }) => c.code)).not.toContain('dkk');
  });
  it("an order's actions: capture, fulfil, ship with tracking numbers, refund, a note, the shipping address, then cancel the rest", async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, email: 'dash-order@test.com' });
    const placed = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
    const page = () => admin.get(`/admin/orders/${placed.id}?expand=${ORDER_PAGE_EXPAND}`).expect(200);
    expect((await page()).body.order).toMatchObject({ payment_status: 'awaiting', fulfillment_status: 'not_fulfilled', fulfillments: [], refunds: [] });

    // "Capture payment".
    expect((await admin.post(`/admin/orders/${placed.id}/capture`).expect(200)).body.order.payment_status).toBe('captured');
    // "Create fulfillment": the items and quantities chosen, no_notification as a JSON boolean.
    const item = placed.items[0];
    const fulfilled = await admin
      .post(`/admin/orders/${placed.id}/fulfillment`)
      .send({ items: [{ item_id: item.id, quantity: 1 }], no_notification: false })
      .expect(200);
    const fulfillmentId = fulfilled.body.order.fulfillments[0].id;
    // "Mark shipped" with a tracking number.
    await admin
      .post(`/admin/orders/${placed.id}/shipment`)
      .send({ fulfillment_id: fulfillmentId, tracking_numbers: ['DASH-1'], no_notification: false })
      .expect(200);
    // "Refund": amount, reason, note, no_notification.
    await admin.post(`/admin/orders/${placed.id}/refund`).send({ amount: 500, reason: 'discount', note: 'Late', no_notification: false }).expect(200);
    // "Add a note" and the timeline's notes list.
    await admin.post('/admin/notes').send({ resource_id: placed.id, resource_type: 'order', value: 'Called the customer' }).expect(200);
    expect((await admin.get(`/admin/notes?resource_id=${placed.id}&limit=100&offset=0`).expect(200)).body.notes).toHaveLength(1);
    // "Edit shipping address".
    await admin
      .post(`/admin/orders/${placed.id}`)
      .send({
        shipping_address: {
          first_name: 'Ada',
          last_name: 'L',
          address_1: 'New 2',
          city: 'Berlin',
          country_code: 'de',
          postal_code: '10115',
          phone: '',
          company: '',
          address_2: '',
          province: '',
        },
      })
      .expect(200);

    const timeline = (await page()).body.order;
    expect(timeline).toMatchObject({
      payment_status: 'partially_refunded',
      fulfillment_status: 'partially_shipped',
      refunded_total: 500,
      shipping_address: { address_1: 'New 2' },
    });
    expect(timeline.fulfillments[0].tracking_links.map((l: { tracking_number: string }) => l.tracking_number)).toEqual(['DASH-1']);
    expect(timeline.refunds.map((r: { amount: number }) => r.amount)).toEqual([500]);
    expect(timeline.returnable_items.map((i: Row) => i.id)).toEqual([item.id]);
    // An order with a refund cannot be canceled (Medusa's rule).
    expect((await admin.post(`/admin/orders/${placed.id}/cancel`).expect(400)).body.message).toBe('Order with refund(s) cannot be canceled');
  });
});

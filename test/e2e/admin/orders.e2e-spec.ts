import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
type Row = { id: string };
const ids = (rows: Row[]) => rows.map((r) => r.id);

/** What the dashboard's order page expands (its orderRelations with order editing off). */
const ORDER_PAGE_EXPAND = [
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
].join(',');

describe('Admin orders (/admin/orders)', () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
  const placed: Array<Row & Record<string, any>> = [];

  const place = async (email: string) => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, email });
    return (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager);
    placed.push(await place('first@test.com'));
    placed.push(await place('second@test.com'));
    placed.push(await place('third@test.com'));
  });
  afterAll(() => t.close());

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/orders').expect(401);
    await t.http().get(`/admin/orders/${placed[0].id}`).expect(401);
  });

  it("answers the landing page's order table (fields, expand, limit), newest first, with totals", async () => {
    const res = await admin
      .get(
        '/admin/orders?offset=0&limit=15&expand=customer,shipping_address,sales_channel&fields=id,status,display_id,created_at,email,fulfillment_status,payment_status,total,currency_code',
      )
      .expect(200);
    expect(res.body).toMatchObject({ count: 3, offset: 0, limit: 15 });
    expect(ids(res.body.orders)).toEqual(ids([...placed].reverse()));
    const [newest] = res.body.orders;
    expect(Object.keys(newest).sort()).toEqual(
      [
        'created_at',
        'currency_code',
        'customer',
        'display_id',
        'email',
        'fulfillment_status',
        'id',
        'payment_status',
        'sales_channel',
        'shipping_address',
        'status',
        'total',
      ].sort(),
    );
    expect(newest).toMatchObject({
      email: 'third@test.com',
      total: placed[2].total,
      customer: { email: 'third@test.com' },
      sales_channel: { id: expect.any(String) },
    });
  });

  it("filters as the dashboard's filters and a customer's page do", async () => {
    const byCustomer = await admin.get(`/admin/orders?customer_id=${placed[1].customer_id}&offset=0&limit=15`).expect(200);
    expect(ids(byCustomer.body.orders)).toEqual([placed[1].id]);
    const byQ = await admin.get('/admin/orders?q=second').expect(200);
    expect(ids(byQ.body.orders)).toEqual([placed[1].id]);
    // Every field Medusa's q searches: display id, email, the shipping address's first name, the customer's names and phone.
    const m = t.dataSource.manager;
    await m.query(`UPDATE address SET first_name = 'Zelda' WHERE id = (SELECT shipping_address_id FROM "order" WHERE id = $1)`, [placed[0].id]);
    await m.query(`UPDATE customer SET first_name = 'Quentin', last_name = 'Qwertz', phone = '+49 555 0987' WHERE id = $1`, [placed[2].customer_id]);
    const q = async (term: string) => ids((await admin.get(`/admin/orders?q=${encodeURIComponent(term)}`).expect(200)).body.orders).sort();
    expect(await q('zeLDA')).toEqual([placed[0].id]);
    expect(await q('Quentin')).toEqual([placed[2].id]);
    expect(await q('qwertz')).toEqual([placed[2].id]);
    expect(await q('555 0987')).toEqual([placed[2].id]);
    expect(await q(String(placed[1].display_id))).toEqual([placed[1].id]);
    expect(await q('Ada')).toEqual(ids(placed.slice(1)).sort());
    const byDisplay = await admin.get(`/admin/orders?display_id=${placed[0].display_id}`).expect(200);
    expect(ids(byDisplay.body.orders)).toEqual([placed[0].id]);
    const byStatus = await admin
      .get('/admin/orders?status[]=pending&payment_status[]=awaiting&payment_status[]=captured&fulfillment_status[]=not_fulfilled')
      .expect(200);
    expect(byStatus.body.count).toBe(3);
    const none = await admin.get('/admin/orders?status[]=canceled').expect(200);
    expect(none.body).toMatchObject({ orders: [], count: 0 });
    const byRegion = await admin.get(`/admin/orders?region_id[]=${shop.region.id}&created_at[gt]=2020-01-01`).expect(200);
    expect(byRegion.body.count).toBe(3);
    const channel = byRegion.body.orders[0].sales_channel_id;
    expect((await admin.get(`/admin/orders?sales_channel_id[]=${channel}`).expect(200)).body.count).toBe(3);
    expect((await admin.get('/admin/orders?created_at[gt]=2999-01-01').expect(200)).body.count).toBe(0);
  });

  it('refuses bad filters, relations and order columns with 400', async () => {
    expect((await admin.get('/admin/orders?status[]=nope').expect(400)).body.type).toBe('invalid_data');
    expect((await admin.get('/admin/orders?display_id=abc').expect(400)).body.type).toBe('invalid_data');
    expect((await admin.get('/admin/orders?expand=nope').expect(400)).body.type).toBe('invalid_data');
    expect((await admin.get('/admin/orders?order=-nope').expect(400)).body.type).toBe('invalid_data');
  });

  it("gets an order with Medusa's admin defaults: fulfillments, returns, refunds, claims and swaps empty", async () => {
    const res = await admin.get(`/admin/orders/${placed[0].id}`).expect(200);
    const o = res.body.order;
    expect(o).toMatchObject({ id: placed[0].id, object: 'order', total: placed[0].total, fulfillments: [], returns: [], refunds: [], claims: [], swaps: [] });
    for (const relation of ['billing_address', 'customer', 'region', 'shipping_address', 'sales_channel']) expect(o).toHaveProperty(relation);
    expect(o.items).toHaveLength(1);
    expect(o.shipping_methods[0].shipping_option.id).toBe(shop.shippingOption.id);
    expect(o.gift_card_transactions).toEqual([]);
  });

  it("answers the order page's expand; an order with nothing shipped has no returnable items (Medusa)", async () => {
    const res = await admin.get(`/admin/orders/${placed[0].id}?expand=${ORDER_PAGE_EXPAND}`).expect(200);
    const o = res.body.order;
    expect(o).toMatchObject({ fulfillments: [], returns: [], refunds: [], claims: [], swaps: [] });
    expect(o.returnable_items).toEqual([]);
    expect(o.customer.id).toBe(placed[0].customer_id);
  });

  it('404s an unknown order', async () => {
    const res = await admin.get('/admin/orders/order_missing').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Order with id order_missing was not found' });
  });
});

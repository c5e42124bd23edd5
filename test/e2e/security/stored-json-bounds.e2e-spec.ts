import { LIST_LIMITS } from '../../../src/common/validation/array-limits';
import { boundsMessage, STORED_JSON_BOUNDS } from '../../../src/common/validation/stored-json-bounds';
import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

const { bytes, keys, depth } = STORED_JSON_BOUNDS;
/** A string taking a quarter of the bound: four of them cannot be stored together. */
const quarter = () => 'x'.repeat(Math.floor(bytes / 4));
const refused = (field: string) => ({ type: 'invalid_data', message: boundsMessage(field) });
const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
const nested = (levels: number): Record<string, unknown> => {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { next: value };
  return value;
};

/**
 * Free-form JSON a client can have stored (cart context, metadata anywhere, payment-session
 * data) is bounded: STORED_JSON_BOUNDS on its serialized size, top-level keys and depth,
 * checked on what would be stored, i.e. the value merged with what is already there. So a
 * value cannot be grown one request at a time (the attack sent ~55 requests of 950 KB new
 * keys each to one cart context until reading the cart ran the process out of memory).
 * Beyond the bound: 400 invalid_data naming the field, and nothing stored.
 */
describe('Stored JSON bounds: free-form data stays bounded across requests', () => {
  let t: TestApp;
  let shop: Shop;
  let admin: Agent;
  const cartContext = async (id: string) => (await t.dataSource.query('SELECT context FROM cart WHERE id = $1', [id]))[0].context;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, {
      product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] },
    });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it('stops a cart context growing one new key per request at the bound, and keeps what was stored before', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    for (const key of ['k1', 'k2', 'k3']) {
      await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ context: { [key]: quarter() } })
        .expect(200);
    }
    const before = await cartContext(cart.id);
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ context: { k4: quarter() } })
      .expect(400);
    expect(res.body).toEqual(refused('context'));
    expect(await cartContext(cart.id)).toEqual(before);
    expect(Buffer.byteLength(JSON.stringify(before))).toBeLessThanOrEqual(bytes);
    // The cart is still usable: a small change to it goes through.
    const ok = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ context: { k1: 'short' } })
      .expect(200);
    expect(ok.body.cart.context).toMatchObject({ k1: 'short', k2: quarter(), k3: quarter() });
  });

  it('refuses, in one request, a context beyond the bound in size, top-level keys or depth, creating no cart', async () => {
    const carts = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM cart'))[0].n as number;
    const count = await carts();
    for (const context of [{ big: 'x'.repeat(bytes + 1) }, manyKeys(keys + 1), nested(depth + 1)]) {
      const res = await t.http().post('/store/carts').send({ region_id: shop.region.id, context }).expect(400);
      expect(res.body).toEqual(refused('context'));
    }
    expect(await carts()).toBe(count);
    // At the bounds (with the ip and user_agent the server records next to them) it is stored.
    await createCartViaApi(t, { region_id: shop.region.id, context: manyKeys(keys - 2) });
    await createCartViaApi(t, { region_id: shop.region.id, context: nested(depth) });
  });

  it('merges line item metadata within the bound and refuses the update that would cross it', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const added = await t
      .http()
      .post(`/store/carts/${cart.id}/line-items`)
      .send({ variant_id: shop.variant.id, quantity: 1, metadata: { a: quarter(), b: quarter() } })
      .expect(200);
    const line = added.body.cart.items[0];
    await t
      .http()
      .post(`/store/carts/${cart.id}/line-items/${line.id}`)
      .send({ quantity: 1, metadata: { c: quarter() } })
      .expect(200);
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}/line-items/${line.id}`)
      .send({ quantity: 2, metadata: { d: quarter() } })
      .expect(400);
    expect(res.body).toEqual(refused('metadata'));
    const [stored] = await t.dataSource.query('SELECT quantity, metadata FROM line_item WHERE id = $1', [line.id]);
    expect(stored).toEqual({ quantity: 1, metadata: { a: quarter(), b: quarter(), c: quarter() } });
    // Removing a key ("" in Medusa's merge) makes room again.
    await t
      .http()
      .post(`/store/carts/${cart.id}/line-items/${line.id}`)
      .send({ quantity: 1, metadata: { a: '', d: quarter() } })
      .expect(200);
  });

  it('merges a shopper’s own customer metadata within the bound', async () => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret123' });
    const auth = customerAuth(t, customer.id);
    for (const key of ['a', 'b', 'c']) {
      await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ metadata: { [key]: quarter() } })
        .expect(200);
    }
    const res = await t
      .http()
      .post('/store/customers/me')
      .set(auth)
      .send({ metadata: { d: quarter() } })
      .expect(400);
    expect(res.body).toEqual(refused('metadata'));
    const [stored] = await t.dataSource.query('SELECT metadata FROM customer WHERE id = $1', [customer.id]);
    expect(Object.keys(stored.metadata).sort()).toEqual(['a', 'b', 'c']);
  });

  it('refuses address metadata beyond the bound, on a cart’s address and on a shopper’s saved address', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const address = { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' };
    const big = { big: 'x'.repeat(bytes + 1) };
    const onCart = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ shipping_address: { ...address, metadata: big } })
      .expect(400);
    expect(onCart.body).toEqual(refused('metadata'));
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret123' });
    const saved = await t
      .http()
      .post('/store/customers/me/addresses')
      .set(customerAuth(t, customer.id))
      .send({ address: { ...address, last_name: 'L', phone: '1', postal_code: '10115', metadata: big } })
      .expect(400);
    expect(saved.body).toEqual(refused('metadata'));
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM address WHERE customer_id = $1', [customer.id]);
    expect(n).toBe(0);
  });

  it('refuses shipping method data beyond the bound, adding no method', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}/shipping-methods`)
      .send({ option_id: shop.shippingOption.id, data: { big: 'x'.repeat(bytes + 1) } })
      .expect(400);
    expect(res.body).toEqual(refused('data'));
    const [{ n }] = await t.dataSource.query('SELECT count(*)::int AS n FROM shipping_method WHERE cart_id = $1', [cart.id]);
    expect(n).toBe(0);
    await t
      .http()
      .post(`/store/carts/${cart.id}/shipping-methods`)
      .send({ option_id: shop.shippingOption.id, data: { note: 'leave at the door' } })
      .expect(200);
  });

  it('merges payment session data within the bound', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
    for (const key of ['a', 'b', 'c']) {
      await t
        .http()
        .post(`/store/carts/${cart.id}/payment-sessions/manual`)
        .send({ data: { [key]: quarter() } })
        .expect(200);
    }
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}/payment-sessions/manual`)
      .send({ data: { d: quarter() } })
      .expect(400);
    expect(res.body).toEqual(refused('data'));
    const [session] = await t.dataSource.query(`SELECT data FROM payment_session WHERE cart_id = $1 AND provider_id = 'manual'`, [cart.id]);
    expect(session.data).toMatchObject({ a: quarter(), b: quarter(), c: quarter() });
    expect(session.data).not.toHaveProperty('d');
  });

  describe('admin resources with metadata', () => {
    const resources: Array<{ name: string; path: string; key: string; body: () => Record<string, unknown> }> = [
      { name: 'customer group', path: '/admin/customer-groups', key: 'customer_group', body: () => ({ name: `group-${Math.random()}` }) },
      { name: 'collection', path: '/admin/collections', key: 'collection', body: () => ({ title: `Collection ${Math.random()}` }) },
      { name: 'product category', path: '/admin/product-categories', key: 'product_category', body: () => ({ name: `Category ${Math.random()}` }) },
      { name: 'gift card', path: '/admin/gift-cards', key: 'gift_card', body: () => ({ region_id: shop.region.id, value: 1000 }) },
      {
        name: 'discount',
        path: '/admin/discounts',
        key: 'discount',
        body: () => ({
          code: `CODE${Math.floor(Math.random() * 1e9)}`,
          rule: { type: 'percentage', value: 10, allocation: 'total' },
          regions: [shop.region.id],
        }),
      },
      {
        name: 'customer',
        path: '/admin/customers',
        key: 'customer',
        body: () => ({ email: `c${Math.random()}@test.com`, first_name: 'A', last_name: 'B', password: 'secret123' }),
      },
    ];

    it.each(resources)('a $name: created within the bound, refused beyond it in one request or merged across two', async ({ path, key, body }) => {
      const tooBig = await admin
        .post(path)
        .send({ ...body(), metadata: { big: 'x'.repeat(bytes + 1) } })
        .expect(400);
      expect(tooBig.body).toEqual(refused('metadata'));
      const created = await admin
        .post(path)
        .send({ ...body(), metadata: { a: quarter(), b: quarter(), c: quarter() } })
        .expect((res) => expect([200, 201]).toContain(res.status));
      const id = created.body[key].id;
      const grown = await admin
        .post(`${path}/${id}`)
        .send({ metadata: { d: quarter() } })
        .expect(400);
      expect(grown.body).toEqual(refused('metadata'));
      const read = await admin.get(`${path}/${id}`).expect(200);
      expect(Object.keys(read.body[key].metadata).sort()).toEqual(['a', 'b', 'c']);
    });
  });

  it('bounds a draft order’s metadata, its custom lines’ metadata and its lines’ merged metadata', async () => {
    const big = { big: 'x'.repeat(bytes + 1) };
    const draft = { email: 'buyer@test.com', region_id: shop.region.id, shipping_methods: [] };
    const drafts = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM draft_order'))[0].n as number;
    const before = await drafts();
    expect(
      (
        await admin
          .post('/admin/draft-orders')
          .send({ ...draft, metadata: big })
          .expect(400)
      ).body,
    ).toEqual(refused('metadata'));
    expect(await drafts()).toBe(before);

    const created = (await admin.post('/admin/draft-orders').send(draft).expect(200)).body.draft_order;
    const custom = await admin
      .post(`/admin/draft-orders/${created.id}/line-items`)
      .send({ title: 'Custom', unit_price: 100, quantity: 1, metadata: big })
      .expect(400);
    expect(custom.body).toEqual(refused('metadata'));
    const added = await admin
      .post(`/admin/draft-orders/${created.id}/line-items`)
      .send({ variant_id: shop.variant.id, quantity: 1, metadata: { a: quarter(), b: quarter(), c: quarter() } })
      .expect(200);
    const line = added.body.draft_order.cart.items[0];
    const grown = await admin
      .post(`/admin/draft-orders/${created.id}/line-items/${line.id}`)
      .send({ metadata: { d: quarter() } })
      .expect(400);
    expect(grown.body).toEqual(refused('metadata'));
  });

  describe('a row already beyond the bound (e.g. imported from a Medusa shop)', () => {
    it('is read, a write that does not shrink it is refused, and one that shrinks it is accepted', async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id });
      const huge = 'y'.repeat(bytes * 4);
      await t.dataSource.query(`UPDATE cart SET context = context || jsonb_build_object('imported', $2::text) WHERE id = $1`, [cart.id, huge]);

      const read = await t.http().get(`/store/carts/${cart.id}`).expect(200);
      expect(read.body.cart.context.imported).toBe(huge);

      const grown = await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ context: { locale: 'de' } })
        .expect(400);
      expect(grown.body).toEqual(refused('context'));
      const same = await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ context: { imported: 'z'.repeat(bytes * 4) } })
        .expect(400);
      expect(same.body).toEqual(refused('context'));
      expect((await cartContext(cart.id)).imported).toBe(huge);

      await t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ context: { imported: 'small' } })
        .expect(200);
      expect((await cartContext(cart.id)).imported).toBe('small');
    });

    it('lets an over-bound metadata be shrunk by removing keys, still beyond the bound, but never grown', async () => {
      const customer = await createCustomer(t.dataSource.manager, { password: 'secret123' });
      const metadata = { a: 'x'.repeat(bytes), b: 'x'.repeat(bytes), c: 'x'.repeat(bytes) };
      await t.dataSource.query('UPDATE customer SET metadata = $2 WHERE id = $1', [customer.id, JSON.stringify(metadata)]);
      const auth = customerAuth(t, customer.id);

      const me = await t.http().get('/store/customers/me').set(auth).expect(200);
      expect(me.body.customer.metadata).toEqual(metadata);
      await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ metadata: { d: 1 } })
        .expect(400);
      await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ metadata: { a: '' } })
        .expect(200);
      const [stored] = await t.dataSource.query('SELECT metadata FROM customer WHERE id = $1', [customer.id]);
      expect(Object.keys(stored.metadata).sort()).toEqual(['b', 'c']);
    });
  });

  it(`holds at most ${LIST_LIMITS.cartLines} lines in one cart: a new line beyond is refused, adding to an existing line is not`, async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    // Lines that cannot merge with a new one (other metadata), inserted as an import would.
    await t.dataSource.query(
      `INSERT INTO line_item (id, cart_id, title, variant_id, unit_price, quantity, allow_discounts, is_giftcard, should_merge, has_shipping, includes_tax, metadata)
       SELECT 'item_bulk_' || i, $1, 'Bulk', $2, 1000, 1, true, false, true, false, false, jsonb_build_object('n', i)
         FROM generate_series(1, $3::int) AS i`,
      [cart.id, shop.variant.id, LIST_LIMITS.cartLines - 1],
    );
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}/line-items`)
      .send({ variant_id: shop.variant.id, quantity: 1, metadata: { other: true } })
      .expect(400);
    expect(res.body).toEqual({ type: 'invalid_data', message: `A cart must not have more than ${LIST_LIMITS.cartLines} line items` });
    const merged = await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
    expect(merged.body.cart.items).toHaveLength(LIST_LIMITS.cartLines);
  });
});

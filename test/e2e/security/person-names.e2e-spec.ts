import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

/**
 * A person's name is typed by whoever registers (no proof of the address is needed) and
 * shown where the shop speaks: a name of "customer,\n\nYour account is locked ..." plus 4 KB
 * arrived as whole paragraphs of the shop's reset mail. Every write of a first or last
 * name (registration, the customer's own update, the admin's create and update, saved
 * addresses, a cart's or draft order's addresses) takes at most 100 characters on one
 * line, without control characters or bidirectional overrides; anything else is a 400
 * invalid_data that changes nothing.
 */
const PHISHING = 'customer,\n\nYour account is locked. Unlock it within 24 hours at https://evil.example/unlock\n\nThe Shop';
const FOUR_KB = 'A'.repeat(4096);
const REFUSED: Array<[string, string]> = [
  ['a name with line breaks', PHISHING],
  ['a 4 KB name', FOUR_KB],
  ['101 characters', 'x'.repeat(101)],
  ['a tab', 'Ann\tMarie'],
  ['a carriage return', 'Ann\rMarie'],
  ['a NUL', 'Ann\u0000'],
  ['a C1 control (NEL)', 'Ann\u0085Marie'],
  ['a Unicode line separator', 'Ann\u2028Marie'],
  ['a right-to-left override', 'Ann\u202Ekcolnu'],
  ['a bidi isolate', '\u2067Ann\u2069'],
];
const ACCEPTED = ['Zoë', "O'Brien-Łukasiewicz", '山田', 'Nguyễn Thị Minh Khai', 'x'.repeat(100), '𠀀'.repeat(100), 'Ana 👩‍💻', ''];

const addressWith = (name: string) => ({
  first_name: name,
  last_name: 'Shopper',
  address_1: 'Street 1',
  city: 'Berlin',
  country_code: 'de',
  postal_code: '10115',
});

describe('Person names: at most 100 characters on one line, at every write', () => {
  let t: TestApp;
  let shop: Shop;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { region: { countries: ['de'] } });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const count = async (table: string) => (await t.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n as number;
  const row = async (table: string, id: string) => (await t.dataSource.query(`SELECT * FROM "${table}" WHERE id = $1`, [id]))[0];
  const expectInvalid = (res: { body: { type?: string; message?: string } }, property: string) => {
    expect(res.body.type).toBe('invalid_data');
    expect(res.body.message).toContain(property);
  };

  describe('registration (POST /store/customers)', () => {
    it.each(REFUSED)('refuses %s as first_name and as last_name, creating nothing', async (_, name) => {
      const before = await count('customer');
      const first = await t
        .http()
        .post('/store/customers')
        .send({ email: 'new@test.com', password: 'pass-word', first_name: name, last_name: 'Ok' })
        .expect(400);
      expectInvalid(first, 'first_name');
      const last = await t
        .http()
        .post('/store/customers')
        .send({ email: 'new@test.com', password: 'pass-word', first_name: 'Ok', last_name: name })
        .expect(400);
      expectInvalid(last, 'last_name');
      expect(await count('customer')).toBe(before);
    });

    it('accepts real names of any script, up to 100 characters (code points)', async () => {
      for (const [i, name] of ACCEPTED.entries()) {
        const res = await t
          .http()
          .post('/store/customers')
          .send({ email: `real-${i}@test.com`, password: 'pass-word', first_name: name, last_name: name })
          .expect(200);
        expect(res.body.customer).toMatchObject({ first_name: name, last_name: name });
      }
    });
  });

  describe("the customer's own account (bearer JWT)", () => {
    it('POST /store/customers/me refuses a bad name and keeps the stored one', async () => {
      const customer = await createCustomer(t.dataSource.manager, { first_name: 'Kept', last_name: 'Name' });
      for (const body of [{ first_name: PHISHING }, { last_name: FOUR_KB }, { billing_address: addressWith(PHISHING) }]) {
        await t.http().post('/store/customers/me').set(customerAuth(t, customer.id)).send(body).expect(400);
      }
      expect(await row('customer', customer.id)).toMatchObject({ first_name: 'Kept', last_name: 'Name', billing_address_id: null });
    });

    it('POST /store/customers/me/addresses and /addresses/:id refuse a bad name and change nothing', async () => {
      const customer = await createCustomer(t.dataSource.manager);
      const auth = customerAuth(t, customer.id);
      const before = await count('address');
      const created = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: addressWith(PHISHING) })
        .expect(400);
      expectInvalid(created, 'first_name');
      await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: { ...addressWith('Ok'), last_name: FOUR_KB } })
        .expect(400);
      expect(await count('address')).toBe(before);

      const saved = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: addressWith('Saved') })
        .expect(200);
      const addressId = saved.body.customer.shipping_addresses[0].id as string;
      await t.http().post(`/store/customers/me/addresses/${addressId}`).set(auth).send({ first_name: PHISHING }).expect(400);
      await t.http().post(`/store/customers/me/addresses/${addressId}`).set(auth).send({ last_name: FOUR_KB }).expect(400);
      expect(await row('address', addressId)).toMatchObject({ first_name: 'Saved', last_name: 'Shopper' });
    });
  });

  describe('the admin', () => {
    it('POST /admin/customers refuses a bad name, creating nothing', async () => {
      const before = await count('customer');
      for (const names of [
        { first_name: PHISHING, last_name: 'Ok' },
        { first_name: 'Ok', last_name: FOUR_KB },
      ]) {
        const res = await admin
          .post('/admin/customers')
          .send({ email: 'by-admin@test.com', password: 'pass-word', ...names })
          .expect(400);
        expect(res.body.type).toBe('invalid_data');
      }
      expect(await count('customer')).toBe(before);
    });

    it('POST /admin/customers/:id refuses a bad name and keeps the stored one', async () => {
      const customer = await createCustomer(t.dataSource.manager, { first_name: 'Kept', last_name: 'Name' });
      expectInvalid(await admin.post(`/admin/customers/${customer.id}`).send({ first_name: PHISHING }).expect(400), 'first_name');
      expectInvalid(await admin.post(`/admin/customers/${customer.id}`).send({ last_name: FOUR_KB }).expect(400), 'last_name');
      expect(await row('customer', customer.id)).toMatchObject({ first_name: 'Kept', last_name: 'Name' });
    });
  });

  describe('cart and draft-order addresses', () => {
    it("POST /store/carts/:id refuses a bad name in either address and leaves the cart's addresses as they were", async () => {
      const cart = await createCartViaApi(t, { region_id: shop.region.id });
      const before = await count('address');
      for (const body of [{ shipping_address: addressWith(PHISHING) }, { billing_address: { ...addressWith('Ok'), last_name: FOUR_KB } }]) {
        const res = await t.http().post(`/store/carts/${cart.id}`).send(body).expect(400);
        expect(res.body.type).toBe('invalid_data');
      }
      expect(await count('address')).toBe(before);
      expect(await row('cart', cart.id)).toMatchObject({ shipping_address_id: cart.shipping_address_id ?? null, billing_address_id: null });
    });

    it('POST /admin/draft-orders and /admin/draft-orders/:id refuse a bad name in an address and change nothing', async () => {
      const base = { email: 'draft@test.com', region_id: shop.region.id, shipping_methods: [] };
      const drafts = await count('draft_order');
      await admin
        .post('/admin/draft-orders')
        .send({ ...base, shipping_address: addressWith(PHISHING) })
        .expect(400);
      await admin
        .post('/admin/draft-orders')
        .send({ ...base, billing_address: { ...addressWith('Ok'), last_name: FOUR_KB } })
        .expect(400);
      expect(await count('draft_order')).toBe(drafts);

      const draft = (await admin.post('/admin/draft-orders').send(base).expect(200)).body.draft_order;
      const addresses = await count('address');
      const res = await admin
        .post(`/admin/draft-orders/${draft.id}`)
        .send({ shipping_address: addressWith(PHISHING) })
        .expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(await count('address')).toBe(addresses);
      expect((await row('cart', draft.cart_id)).shipping_address_id).toBe(draft.cart.shipping_address_id ?? null);
    });
  });
});

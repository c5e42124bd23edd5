import { Address } from '../../../src/modules/customers/address.entity';
import { Customer } from '../../../src/modules/customers/customer.entity';
import { createCartViaApi, createShop, customerAuth, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';

let ipCounter = 0;
/** Login routes are rate limited per client IP: each login speaks from an address of its own. */
const freshIp = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const address = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: 'Main 1',
  city: 'Berlin',
  country_code: 'DE',
  postal_code: '10115',
  ...overrides,
});

describe('Store customer account (/store/customers/me)', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  const account = async (fields: Record<string, unknown> = {}) => {
    const customer = await createCustomer(t.dataSource.manager, { password: 'old secret', ...fields });
    return { customer, auth: customerAuth(t, customer.id) };
  };
  const token = (email: string, password: string) => t.http().post('/store/auth/token').set(freshIp()).send({ email, password });

  it('answers 401 on every route without a logged-in customer', async () => {
    await t.http().post('/store/customers/me').send({ first_name: 'X' }).expect(401);
    await t.http().get('/store/customers/me/orders?limit=10&offset=0').expect(401);
    await t.http().post('/store/customers/me/addresses').send({ address: address() }).expect(401);
    await t.http().post('/store/customers/me/addresses/addr_x').send({ city: 'X' }).expect(401);
    await t.http().delete('/store/customers/me/addresses/addr_x').expect(401);
    await t.http().post('/store/customers/me').set({ authorization: 'Bearer not-a-token' }).send({ first_name: 'X' }).expect(401);
  });

  describe('POST /store/customers/me', () => {
    it('updates names, phone and metadata, answering the customer with its addresses and no secrets', async () => {
      const { customer, auth } = await account({ metadata: { keep: 1 } });
      const res = await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ first_name: 'Grace', last_name: 'Hopper', phone: '+1 555', metadata: { newsletter: true } })
        .expect(200);
      expect(res.body.customer).toMatchObject({
        id: customer.id,
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '+1 555',
        metadata: { keep: 1, newsletter: true },
        billing_address: null,
        shipping_addresses: [],
      });
      expect(res.body.customer).not.toHaveProperty('password_hash');
    });

    it('works with the session cookie too', async () => {
      const { customer } = await account();
      const agent = t.agent();
      await agent.post('/store/auth').set(freshIp()).send({ email: customer.email, password: 'old secret' }).expect(200);
      const res = await agent.post('/store/customers/me').send({ first_name: 'Session' }).expect(200);
      expect(res.body.customer).toMatchObject({ id: customer.id, first_name: 'Session' });
    });

    it('changes the email (lower-cased); an email another account has is a 422 that changes nothing', async () => {
      const { customer, auth } = await account();
      const other = await account();
      const guest = await createCustomer(t.dataSource.manager, { email: 'guest-shared@example.com' });
      const moved = await t.http().post('/store/customers/me').set(auth).send({ email: 'Guest-Shared@Example.com' }).expect(200);
      expect(moved.body.customer.email).toBe('guest-shared@example.com');
      expect((await t.dataSource.getRepository(Customer).findOneByOrFail({ id: guest.id })).email).toBe('guest-shared@example.com');

      const taken = await t.http().post('/store/customers/me').set(auth).send({ email: other.customer.email, first_name: 'Changed' }).expect(422);
      expect(taken.body).toMatchObject({ type: 'duplicate_error', message: `Customer with email, has_account ${other.customer.email}, t already exists.` });
      expect(await t.dataSource.getRepository(Customer).findOneByOrFail({ id: customer.id })).toMatchObject({
        email: 'guest-shared@example.com',
        first_name: 'Jane',
      });

      await t.http().post('/store/customers/me').set(auth).send({ email: 'not-an-email' }).expect(400);
      await t.http().post('/store/customers/me').set(auth).send({ has_account: false }).expect(400);
    });

    it('sets a new password: it logs in, the old one no longer does', async () => {
      const { customer, auth } = await account();
      await t.http().post('/store/customers/me').set(auth).send({ password: 'new secret' }).expect(200);
      await token(customer.email, 'new secret').expect(200);
      await token(customer.email, 'old secret').expect(401);
      await t.http().post('/store/customers/me').set(auth).send({ password: '' }).expect(400);
    });

    it('keeps the login that changed the password, and ends every other one', async () => {
      const { customer } = await account();
      const own = { authorization: `Bearer ${(await token(customer.email, 'old secret').expect(200)).body.access_token}` };
      const otherToken = { authorization: `Bearer ${(await token(customer.email, 'old secret').expect(200)).body.access_token}` };
      const otherSession = t.agent();
      await otherSession.post('/store/auth').set(freshIp()).send({ email: customer.email, password: 'old secret' }).expect(200);

      await t.http().post('/store/customers/me').set(own).send({ password: 'new secret' }).expect(200);
      await t.http().get('/store/customers/me').set(own).expect(200);
      await t.http().get('/store/customers/me').set(otherToken).expect(401);
      await otherSession.get('/store/customers/me').expect(401);

      // A later change from a session ends the token the first change kept, and keeps the session.
      const session = t.agent();
      await session.post('/store/auth').set(freshIp()).send({ email: customer.email, password: 'new secret' }).expect(200);
      await session.post('/store/customers/me').send({ password: 'newer secret' }).expect(200);
      await session.get('/store/customers/me').expect(200);
      await t.http().get('/store/customers/me').set(own).expect(401);
    });

    it('creates, then updates, the billing address from an object; takes one of its own addresses by id', async () => {
      const { customer, auth } = await account();
      const created = await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ billing_address: address({ company: 'ACME' }) })
        .expect(200);
      const billing = created.body.customer.billing_address;
      expect(billing).toMatchObject({ id: expect.stringMatching(/^addr_/), company: 'ACME', country_code: 'de', city: 'Berlin' });
      expect(created.body.customer.shipping_addresses).toEqual([]);

      const updated = await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ billing_address: { city: 'Paris', country_code: 'fr' } })
        .expect(200);
      expect(updated.body.customer.billing_address).toMatchObject({ id: billing.id, city: 'Paris', country_code: 'fr', company: 'ACME' });

      const saved = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: address({ city: 'Lyon', country_code: 'fr' }) })
        .expect(200);
      const savedId = saved.body.customer.shipping_addresses[0].id;
      const byId = await t.http().post('/store/customers/me').set(auth).send({ billing_address: savedId }).expect(200);
      expect(byId.body.customer).toMatchObject({ billing_address_id: savedId, billing_address: { id: savedId, city: 'Lyon' } });
      expect((await t.dataSource.getRepository(Customer).findOneByOrFail({ id: customer.id })).billing_address_id).toBe(savedId);
    });

    it('removes the billing address with billing_address: null, keeping the rest of the profile', async () => {
      const { customer, auth } = await account();
      const set = await t.http().post('/store/customers/me').set(auth).send({ billing_address: address() }).expect(200);
      expect(set.body.customer.billing_address_id).toMatch(/^addr_/);
      const unset = await t.http().post('/store/customers/me').set(auth).send({ billing_address: null, first_name: 'Kept' }).expect(200);
      expect(unset.body.customer).toMatchObject({ billing_address_id: null, billing_address: null, first_name: 'Kept' });
      expect((await t.dataSource.getRepository(Customer).findOneByOrFail({ id: customer.id })).billing_address_id).toBeNull();
      // Leaving billing_address out changes nothing.
      await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ billing_address: address({ city: 'Bonn' }) })
        .expect(200);
      const untouched = await t.http().post('/store/customers/me').set(auth).send({ last_name: 'Other' }).expect(200);
      expect(untouched.body.customer.billing_address).toMatchObject({ city: 'Bonn' });
    });

    it("refuses another customer's address as billing address (404) and an unknown country (404), changing nothing", async () => {
      const { customer, auth } = await account();
      const other = await account();
      const theirs = await t.http().post('/store/customers/me/addresses').set(other.auth).send({ address: address() }).expect(200);
      const theirId = theirs.body.customer.shipping_addresses[0].id;
      const res = await t.http().post('/store/customers/me').set(auth).send({ first_name: 'Thief', billing_address: theirId }).expect(404);
      expect(res.body.type).toBe('not_found');
      const country = await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ first_name: 'Nowhere', billing_address: address({ country_code: 'zz' }) })
        .expect(404);
      expect(country.body.type).toBe('not_found');
      expect(await t.dataSource.getRepository(Customer).findOneByOrFail({ id: customer.id })).toMatchObject({ first_name: 'Jane', billing_address_id: null });
      await t
        .http()
        .post('/store/customers/me')
        .set(auth)
        .send({ billing_address: { street: 'x' } })
        .expect(400);
      await t.http().post('/store/customers/me').set(auth).send({ billing_address: 42 }).expect(400);
    });
  });

  describe('saved addresses', () => {
    it('adds an address (country lower-cased), ignoring an exact duplicate; required fields are required', async () => {
      const { auth } = await account();
      const res = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: address({ phone: '+49 1' }) })
        .expect(200);
      expect(res.body.customer.shipping_addresses).toEqual([
        expect.objectContaining({ first_name: 'Ada', country_code: 'de', phone: '+49 1', postal_code: '10115' }),
      ]);
      const again = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: address({ phone: '+49 1' }) })
        .expect(200);
      expect(again.body.customer.shipping_addresses).toHaveLength(1);
      const second = await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: address({ address_1: 'Side 2' }) })
        .expect(200);
      expect(second.body.customer.shipping_addresses).toHaveLength(2);

      for (const missing of ['first_name', 'last_name', 'address_1', 'city', 'country_code', 'postal_code']) {
        const body = address();
        delete (body as Record<string, unknown>)[missing];
        expect((await t.http().post('/store/customers/me/addresses').set(auth).send({ address: body }).expect(400)).body.type).toBe('invalid_data');
      }
      await t.http().post('/store/customers/me/addresses').set(auth).send(address()).expect(400);
      await t
        .http()
        .post('/store/customers/me/addresses')
        .set(auth)
        .send({ address: address({ country_code: 'zz' }) })
        .expect(404);
    });

    it("updates and deletes its own addresses; updating another id is Medusa's 400, deleting one a 200 that changes nothing", async () => {
      const { auth } = await account();
      const other = await account();
      const mine = (await t.http().post('/store/customers/me/addresses').set(auth).send({ address: address() }).expect(200)).body.customer
        .shipping_addresses[0];
      const theirs = (
        await t
          .http()
          .post('/store/customers/me/addresses')
          .set(other.auth)
          .send({ address: address({ city: 'Theirs' }) })
          .expect(200)
      ).body.customer.shipping_addresses[0];

      const updated = await t
        .http()
        .post(`/store/customers/me/addresses/${mine.id}`)
        .set(auth)
        .send({ city: 'Hamburg', country_code: 'FR', metadata: { door: 'blue' } })
        .expect(200);
      expect(updated.body.customer.shipping_addresses).toEqual([
        expect.objectContaining({ id: mine.id, city: 'Hamburg', country_code: 'fr', first_name: 'Ada', metadata: { door: 'blue' } }),
      ]);

      // Medusa: updateAddress finds no address of this customer → INVALID_DATA "Could not find address for customer".
      for (const id of [theirs.id, 'addr_missing']) {
        const refused = await t.http().post(`/store/customers/me/addresses/${id}`).set(auth).send({ city: 'Stolen' }).expect(400);
        expect(refused.body).toEqual({ type: 'invalid_data', message: 'Could not find address for customer' });
      }
      // Medusa: removeAddress is idempotent; an address that is not the customer's is left alone and the answer is the customer.
      for (const id of [theirs.id, 'addr_missing']) {
        const ignored = await t.http().delete(`/store/customers/me/addresses/${id}`).set(auth).expect(200);
        expect(ignored.body.customer.shipping_addresses).toEqual([expect.objectContaining({ id: mine.id })]);
      }
      expect(await t.dataSource.getRepository(Address).findOneByOrFail({ id: theirs.id })).toMatchObject({ city: 'Theirs', deleted_at: null });
      const theirView = await t.http().get('/store/customers/me').set(other.auth).expect(200);
      expect(theirView.body.customer.shipping_addresses).toEqual([expect.objectContaining({ id: theirs.id, city: 'Theirs' })]);
      await t.http().post(`/store/customers/me/addresses/${mine.id}`).set(auth).send({ customer_id: other.customer.id }).expect(400);

      const deleted = await t.http().delete(`/store/customers/me/addresses/${mine.id}`).set(auth).expect(200);
      expect(deleted.body.customer.shipping_addresses).toEqual([]);
      const again = await t.http().delete(`/store/customers/me/addresses/${mine.id}`).set(auth).expect(200);
      expect(again.body.customer.shipping_addresses).toEqual([]);
      const me = await t.http().get('/store/customers/me').set(auth).expect(200);
      expect(me.body.customer.shipping_addresses).toEqual([]);
    });
  });

  describe('GET /store/customers/me/orders', () => {
    let buyer: { customer: Customer; auth: Record<string, string> };
    const orders: Array<Record<string, any>> = [];

    beforeAll(async () => {
      buyer = await account();
      const someoneElse = await account();
      // The checkout steps as a logged-in shopper's storefront sends them (every call authenticated).
      const place = async (auth: Record<string, string>, quantity: number) => {
        const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity }] }, auth);
        const step = async (path: string, body: Record<string, unknown> = {}) => {
          const res = await t.http().post(`/store/carts/${cart.id}${path}`).set(auth).send(body);
          if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
          return res.body;
        };
        await step('', { shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' } });
        await step('/shipping-methods', { option_id: shop.shippingOption.id });
        await step('/payment-sessions');
        await step('/payment-session', { provider_id: 'manual' });
        return (await step('/complete')).data;
      };
      orders.push(await place(buyer.auth, 1));
      expect(orders[0].customer_id).toBe(buyer.customer.id);
      orders.push(await place(buyer.auth, 2));
      await place(someoneElse.auth, 3);
      // A guest order with the buyer's email is not the buyer's.
      const guestCart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 4 }] });
      await prepareCheckout(t, guestCart.id, { optionId: shop.shippingOption.id, email: buyer.customer.email });
      await t.http().post(`/store/carts/${guestCart.id}/complete`).expect(200);
    });

    it("lists only the customer's own orders, newest first, with items, shipping methods and totals", async () => {
      const res = await t.http().get('/store/customers/me/orders?limit=10&offset=0').set(buyer.auth).expect(200);
      expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 10 });
      expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([orders[1].id, orders[0].id]);
      const [latest] = res.body.orders;
      expect(latest).toMatchObject({ object: 'order', customer_id: buyer.customer.id, subtotal: 2000, shipping_total: 1000, total: expect.any(Number) });
      expect(latest.items).toEqual([expect.objectContaining({ quantity: 2, total: expect.any(Number) })]);
      expect(latest.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: shop.shippingOption.id, total: expect.any(Number) })]);
      expect(latest.customer).not.toHaveProperty('password_hash');
      const defaults = await t.http().get('/store/customers/me/orders').set(buyer.auth).expect(200);
      expect(defaults.body).toMatchObject({ count: 2, limit: 10 });
    });

    it('pages and filters as Medusa does', async () => {
      const page = await t.http().get('/store/customers/me/orders?limit=1&offset=1').set(buyer.auth).expect(200);
      expect(page.body).toMatchObject({ count: 2, limit: 1, offset: 1 });
      expect(page.body.orders.map((o: { id: string }) => o.id)).toEqual([orders[0].id]);
      const ids = async (query: string) =>
        (await t.http().get(`/store/customers/me/orders?${query}`).set(buyer.auth).expect(200)).body.orders.map((o: { id: string }) => o.id);
      expect(await ids(`display_id=${orders[0].display_id}`)).toEqual([orders[0].id]);
      expect(await ids(`id=${orders[1].id}`)).toEqual([orders[1].id]);
      expect(await ids('status[]=pending&status[]=completed')).toHaveLength(2);
      expect(await ids('status[]=canceled')).toEqual([]);
      expect(await ids('payment_status[]=awaiting')).toHaveLength(2);
      expect(await ids(`q=${orders[0].display_id}`)).toContain(orders[0].id);
      expect(await ids('q=Ada')).toHaveLength(2);
      expect(await ids(`region_id=${shop.region.id}&currency_code=${shop.region.currency_code.toUpperCase()}`)).toHaveLength(2);
      expect(await ids(`created_at[gt]=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
      expect(await ids('order=created_at')).toEqual([orders[0].id, orders[1].id]);
      const fields = await t.http().get('/store/customers/me/orders?fields=display_id,total&expand=items').set(buyer.auth).expect(200);
      // As a real Medusa 1.20.10 answers it: naming a total computes only that one; the relations its
      // totals load, created_at, tax_rate and object stay.
      const loaded = ['claims', 'discounts', 'gift_card_transactions', 'gift_cards', 'payments', 'refunds', 'region', 'shipping_methods', 'swaps'];
      expect(Object.keys(fields.body.orders[0]).sort()).toEqual(['created_at', 'display_id', 'id', 'items', 'object', 'tax_rate', 'total', ...loaded].sort());
      for (const bad of ['status[]=lost', 'display_id=abc', 'customer_id=x', 'limit=-1']) {
        expect((await t.http().get(`/store/customers/me/orders?${bad}`).set(buyer.auth).expect(400)).body.type).toBe('invalid_data');
      }
    });

    it('is empty for a customer without orders', async () => {
      const { auth } = await account();
      const res = await t.http().get('/store/customers/me/orders').set(auth).expect(200);
      expect(res.body).toEqual({ orders: [], count: 0, offset: 0, limit: 10 });
    });
  });
});

import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { bearer, createAdminUser } from '../../helpers/auth';

/**
 * A browser attaches the session cookie to requests any page sends, so a write
 * authenticated by it is accepted only as JSON (multipart on uploads) and, when it names
 * its Origin, only from an origin configured for the route's surface. Credentials a
 * browser never attaches on its own (bearer JWT, api token) are unaffected.
 */
const ADMIN_ORIGIN = 'https://admin.shop.test';
const STORE_ORIGIN = 'https://shop.test';
const FOREIGN_ORIGIN = 'https://evil.example';

const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0];
const REFUSED = { type: 'not_allowed', message: expect.any(String) };

describe('Cross-site writes', () => {
  let t: TestApp;
  let adminCookie: string;
  let adminJwt: string;
  let apiToken: string;
  let customerId: string;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_CORS: ADMIN_ORIGIN, STORE_CORS: STORE_ORIGIN });
    const admin = await createAdminUser(t);
    apiToken = admin.apiToken;
    adminCookie = cookieOf(await t.http().post('/admin/auth').send({ email: admin.email, password: admin.password }).expect(200));
    adminJwt = (await t.http().post('/admin/auth/token').send({ email: admin.email, password: admin.password }).expect(200)).body.access_token;
    customerId = (await createCustomer(t.dataSource.manager, { first_name: 'Original' })).id;
  });
  afterAll(() => t.close());

  const firstName = async () => (await t.dataSource.query('SELECT first_name FROM customer WHERE id = $1', [customerId]))[0].first_name;
  const update = () => t.http().post(`/admin/customers/${customerId}`);

  describe('with the admin session cookie', () => {
    it('refuses a url-encoded form post (403) and changes nothing', async () => {
      const res = await update().set('cookie', adminCookie).type('form').send({ first_name: 'Forged' }).expect(403);
      expect(res.body).toEqual(REFUSED);
      expect(await firstName()).toBe('Original');
    });

    it('refuses a text/plain post (403) and changes nothing', async () => {
      await update().set('cookie', adminCookie).set('content-type', 'text/plain').send('{"first_name":"Forged"}').expect(403);
      expect(await firstName()).toBe('Original');
    });

    it('refuses a body without a content type, and multipart outside the upload routes', async () => {
      await update().set('cookie', adminCookie).unset('content-type').send(Buffer.from('{"first_name":"Forged"}')).expect(403);
      await update().set('cookie', adminCookie).field('first_name', 'Forged').expect(403);
      expect(await firstName()).toBe('Original');
    });

    it('refuses JSON from a foreign origin, or from the storefront origin (403), and changes nothing', async () => {
      for (const origin of [FOREIGN_ORIGIN, STORE_ORIGIN, 'null']) {
        const res = await update().set('cookie', adminCookie).set('origin', origin).send({ first_name: 'Forged' }).expect(403);
        expect(res.body).toEqual(REFUSED);
      }
      expect(await firstName()).toBe('Original');
    });

    it('accepts JSON from an ADMIN_CORS origin, from its own origin, and without an Origin', async () => {
      await update().set('cookie', adminCookie).set('origin', ADMIN_ORIGIN).send({ first_name: 'FromAdmin' }).expect(200);
      expect(await firstName()).toBe('FromAdmin');
      await update()
        .set('cookie', adminCookie)
        .set('host', 'api.shop.test')
        .set('origin', 'http://api.shop.test')
        .send({ first_name: 'SameOrigin' })
        .expect(200);
      expect(await firstName()).toBe('SameOrigin');
      await update().set('cookie', adminCookie).set('content-type', 'application/json; charset=utf-8').send('{"first_name":"NoOrigin"}').expect(200);
      expect(await firstName()).toBe('NoOrigin');
    });

    it('accepts multipart uploads', async () => {
      const res = await t
        .http()
        .post('/admin/uploads')
        .set('cookie', adminCookie)
        .set('origin', ADMIN_ORIGIN)
        .attach('files', Buffer.from('hello'), 'hello.txt')
        .expect(200);
      expect(res.body.uploads).toHaveLength(1);
      await t
        .http()
        .post('/admin/uploads')
        .set('cookie', adminCookie)
        .set('origin', FOREIGN_ORIGIN)
        .attach('files', Buffer.from('hello'), 'hello.txt')
        .expect(403);
    });

    it('accepts bodiless writes, and refuses them from a foreign origin', async () => {
      const group = (await t.http().post('/admin/customer-groups').set('cookie', adminCookie).send({ name: 'Doomed' }).expect(200)).body.customer_group;
      await t.http().delete(`/admin/customer-groups/${group.id}`).set('cookie', adminCookie).set('origin', FOREIGN_ORIGIN).expect(403);
      await t.http().get(`/admin/customer-groups/${group.id}`).set('cookie', adminCookie).expect(200);
      await t.http().delete(`/admin/customer-groups/${group.id}`).set('cookie', adminCookie).expect(200);
      await t.http().get(`/admin/customer-groups/${group.id}`).set('cookie', adminCookie).expect(404);
    });

    it('refuses a logout from a foreign origin: the session stays', async () => {
      await t.http().delete('/admin/auth').set('cookie', adminCookie).set('origin', FOREIGN_ORIGIN).expect(403);
      await t.http().get('/admin/auth').set('cookie', adminCookie).expect(200);
    });

    it('leaves reads alone, whatever their origin', async () => {
      await t.http().get(`/admin/customers/${customerId}`).set('cookie', adminCookie).set('origin', FOREIGN_ORIGIN).expect(200);
    });
  });

  describe('with credentials a browser does not attach on its own', () => {
    it('accepts form posts with a bearer JWT or an api token, from any origin', async () => {
      await update().set(bearer(adminJwt)).set('origin', FOREIGN_ORIGIN).type('form').send({ first_name: 'ByJwt' }).expect(200);
      expect(await firstName()).toBe('ByJwt');
      await update().set(bearer(apiToken)).type('form').send({ first_name: 'ByBearerToken' }).expect(200);
      expect(await firstName()).toBe('ByBearerToken');
      await update().set('x-medusa-access-token', apiToken).set('origin', FOREIGN_ORIGIN).type('form').send({ first_name: 'ByApiToken' }).expect(200);
      expect(await firstName()).toBe('ByApiToken');
    });
  });

  describe('login (a forged login signs the victim into the attacker’s account)', () => {
    it('refuses an admin login from a foreign origin without setting a cookie', async () => {
      const admin = await createAdminUser(t);
      const res = await t.http().post('/admin/auth').set('origin', FOREIGN_ORIGIN).send({ email: admin.email, password: admin.password }).expect(403);
      expect(res.body).toEqual(REFUSED);
      expect(res.headers['set-cookie']).toBeUndefined();
      await t.http().post('/admin/auth').set('origin', ADMIN_ORIGIN).send({ email: admin.email, password: admin.password }).expect(200);
    });

    it('refuses a customer login from a foreign origin or the admin origin, and accepts it from the storefront', async () => {
      const customer = await createCustomer(t.dataSource.manager, { password: 'shopper-pass' });
      const body = { email: customer.email, password: 'shopper-pass' };
      for (const origin of [FOREIGN_ORIGIN, ADMIN_ORIGIN]) {
        const res = await t.http().post('/store/auth').set('origin', origin).send(body).expect(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      await t.http().post('/store/auth').set('origin', STORE_ORIGIN).send(body).expect(200);
      await t.http().post('/store/auth').send(body).expect(200);
    });

    it('refuses a registration (which logs in) from a foreign origin, and creates nothing', async () => {
      const account = { email: 'planted@evil.example', password: 'attacker-pass', first_name: 'Eve', last_name: 'Attacker' };
      const res = await t.http().post('/store/customers').set('origin', FOREIGN_ORIGIN).send(account).expect(403);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await t.dataSource.query('SELECT id FROM customer WHERE email = $1', [account.email])).toEqual([]);
      await t.http().post('/store/customers').set('origin', STORE_ORIGIN).send(account).expect(200);
    });
  });

  describe('on the store', () => {
    let shop: Shop;
    let customerCookie: string;
    let cartId: string;
    let shopperEmail: string;
    const lineItems = async () => Number((await t.dataSource.query('SELECT count(*) AS n FROM line_item WHERE cart_id = $1', [cartId]))[0].n);
    const quantity = async () => Number((await t.dataSource.query('SELECT sum(quantity) AS n FROM line_item WHERE cart_id = $1', [cartId]))[0].n);
    const addItem = () => t.http().post(`/store/carts/${cartId}/line-items`).set('cookie', customerCookie);

    beforeAll(async () => {
      shop = await createShop(t.dataSource.manager);
      const customer = await createCustomer(t.dataSource.manager, { password: 'shopper-pass' });
      shopperEmail = customer.email;
      customerCookie = cookieOf(
        await t.http().post('/store/auth').set('origin', STORE_ORIGIN).send({ email: customer.email, password: 'shopper-pass' }).expect(200),
      );
      cartId = (await createCartViaApi(t, { region_id: shop.region.id }, { cookie: customerCookie, origin: STORE_ORIGIN })).id;
    });

    it("refuses a cart write from a foreign origin with the customer's cookie (403) and changes nothing", async () => {
      const item = { variant_id: shop.variant.id, quantity: 1 };
      const res = await addItem().set('origin', FOREIGN_ORIGIN).send(item).expect(403);
      expect(res.body).toEqual(REFUSED);
      await addItem().set('origin', ADMIN_ORIGIN).send(item).expect(403);
      await addItem().type('form').send(item).expect(403);
      expect(await lineItems()).toBe(0);
    });

    it('accepts the storefront: JSON with the cookie from a STORE_CORS origin', async () => {
      await addItem().set('origin', STORE_ORIGIN).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
      expect(await lineItems()).toBe(1);
    });

    it('refuses a logout from a foreign origin: the session stays', async () => {
      await t.http().delete('/store/auth').set('cookie', customerCookie).set('origin', FOREIGN_ORIGIN).expect(403);
      await t.http().get('/store/auth').set('cookie', customerCookie).expect(200);
    });

    it('leaves guests and store JWTs alone (nothing a browser attaches by itself)', async () => {
      const guestCart = (await t.http().post('/store/carts').set('origin', FOREIGN_ORIGIN).send({ region_id: shop.region.id }).expect(200)).body.cart;
      await t
        .http()
        .post(`/store/carts/${guestCart.id}/line-items`)
        .set('origin', FOREIGN_ORIGIN)
        .send({ variant_id: shop.variant.id, quantity: 1 })
        .expect(200);
      const jwt = (await t.http().post('/store/auth/token').send({ email: shopperEmail, password: 'shopper-pass' }).expect(200)).body.access_token;
      await addItem().unset('cookie').set(bearer(jwt)).set('origin', FOREIGN_ORIGIN).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
      expect(await quantity()).toBe(2);
    });
  });
});

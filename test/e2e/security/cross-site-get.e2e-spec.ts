import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * A logged-in shopper's GET /store/carts/:id gives a customer-less (or guest) cart to
 * them, as Medusa v1 does. A page on another site can make the shopper's browser send that
 * GET with the session cookie (an `<img>`, a link): the attacker's cart would then carry
 * the shopper's identity (their email and names through `?expand=customer`, their
 * addresses, group discounts, an order in their account). A GET changes state only when
 * the request shows it came from the shop: `Sec-Fetch-Site` same-origin / same-site /
 * none, an `Origin` listed in STORE_CORS, or a client that is not a browser (no
 * `Sec-Fetch-Site` header, no `Origin`). Otherwise it only reads. (Node's own fetch:
 * node-fetch-session.e2e-spec.ts.)
 */
const STORE_ORIGIN = 'https://shop.test';
const FOREIGN_ORIGIN = 'https://evil.example';

/** What a browser sends for `<img src="https://api/store/carts/...">` on another site. */
const IMAGE_FROM_OTHER_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };

describe('Cross-site GET: a GET another site makes the shopper send never attaches a cart', () => {
  let t: TestApp;
  let shop: Shop;
  let victim: { id: string; email: string };
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ STORE_CORS: STORE_ORIGIN });
    shop = await createShop(t.dataSource.manager);
    victim = await createCustomer(t.dataSource.manager, { password: 'victim-pass', first_name: 'Victoria', last_name: 'Private', phone: '+49 170 000' });
    const login = await t.http().post('/store/auth').send({ email: victim.email, password: 'victim-pass' }).expect(200);
    cookie = String(login.headers['set-cookie']).split(';')[0];
  });
  afterAll(() => t.close());

  /** A cart an anonymous attacker made, with a line in it. */
  const attackersCart = async () =>
    (await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] })).id as string;
  const storedOwner = async (cartId: string) =>
    (await t.dataSource.query('SELECT customer_id, email FROM cart WHERE id = $1', [cartId]))[0] as { customer_id: string | null; email: string | null };

  describe('from another site, with the session cookie', () => {
    it('an <img> (Sec-Fetch-Site: cross-site) reads the cart and attaches nothing; the attacker then sees no customer', async () => {
      const cartId = await attackersCart();
      const res = await t.http().get(`/store/carts/${cartId}`).set('cookie', cookie).set(IMAGE_FROM_OTHER_SITE).expect(200);
      expect(res.body.cart).toMatchObject({ id: cartId, customer_id: null, email: null });
      expect(await storedOwner(cartId)).toEqual({ customer_id: null, email: null });

      const seen = await t.http().get(`/store/carts/${cartId}?expand=customer`).expect(200);
      expect(seen.body.cart.customer ?? null).toBeNull();
      expect(JSON.stringify(seen.body)).not.toContain(victim.email);
      expect(JSON.stringify(seen.body)).not.toContain('Victoria');
    });

    it('a second cross-site GET (now answered from the response cache path) attaches nothing either', async () => {
      const cartId = await attackersCart();
      await t.http().get(`/store/carts/${cartId}`).expect(200); // an anonymous read, which the cache may keep
      await t.http().get(`/store/carts/${cartId}`).set('cookie', cookie).set(IMAGE_FROM_OTHER_SITE).expect(200);
      await t.http().get(`/store/carts/${cartId}`).set('cookie', cookie).set(IMAGE_FROM_OTHER_SITE).expect(200);
      expect(await storedOwner(cartId)).toEqual({ customer_id: null, email: null });
    });

    it('a top-level link (navigate, cross-site) and a fetch from a foreign Origin attach nothing', async () => {
      const viaLink = await attackersCart();
      await t
        .http()
        .get(`/store/carts/${viaLink}`)
        .set('cookie', cookie)
        .set({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' })
        .expect(200);
      expect((await storedOwner(viaLink)).customer_id).toBeNull();

      const viaFetch = await attackersCart();
      await t
        .http()
        .get(`/store/carts/${viaFetch}`)
        .set('cookie', cookie)
        .set({ origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' })
        .expect(200);
      expect((await storedOwner(viaFetch)).customer_id).toBeNull();
    });

    it('a browser that sends no Sec-Fetch headers but a foreign Origin attaches nothing', async () => {
      const cartId = await attackersCart();
      await t.http().get(`/store/carts/${cartId}`).set('cookie', cookie).set('origin', FOREIGN_ORIGIN).expect(200);
      expect((await storedOwner(cartId)).customer_id).toBeNull();
    });
  });

  describe('from the shop itself, the cart is attached as before', () => {
    it.each([
      ['same-origin', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }],
      ['same-site (storefront on a sibling host)', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors' }],
      ['none (typed in the address bar)', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }],
      ['a STORE_CORS origin on another site', { origin: STORE_ORIGIN, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }],
      ['a STORE_CORS origin from a browser without Sec-Fetch headers', { origin: STORE_ORIGIN }],
      ['no Sec-Fetch header at all (the server-rendered storefront, Node fetch)', {}],
    ])('%s', async (_, headers: Record<string, string>) => {
      const cartId = await attackersCart();
      const res = await t.http().get(`/store/carts/${cartId}`).set('cookie', cookie).set(headers).expect(200);
      expect(res.body.cart).toMatchObject({ customer_id: victim.id, email: victim.email });
      expect(await storedOwner(cartId)).toEqual({ customer_id: victim.id, email: victim.email });
    });

    it('a store JWT attaches whatever the headers say: a browser never sends it on its own', async () => {
      const cartId = await attackersCart();
      await t.http().get(`/store/carts/${cartId}`).set(customerAuth(t, victim.id)).set(IMAGE_FROM_OTHER_SITE).expect(200);
      expect((await storedOwner(cartId)).customer_id).toBe(victim.id);
    });
  });
});

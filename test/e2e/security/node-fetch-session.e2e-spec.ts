import type { AddressInfo } from 'net';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * A server-rendered storefront (Next.js, any Node 18+ code) calls the API with Node's own
 * `fetch` and forwards the shopper's session cookie. Node's fetch (undici) adds
 * `Sec-Fetch-Mode: cors` to every request but no `Sec-Fetch-Site` and no `Origin`: that is
 * not a browser's fetch metadata, and `GET /store/carts/:id` must attach the logged-in
 * customer as Medusa v1 does ("GET with a customer session attaches the customer").
 * Browsers always send `Sec-Fetch-Site` with their fetch metadata; a cross-site one still
 * only reads. These requests go over a real socket with the global fetch, not supertest,
 * so the headers are exactly the ones Node sends.
 */
describe("Node's fetch with a forwarded session cookie: GET /store/carts/:id attaches the customer", () => {
  let t: TestApp;
  let base: string;
  let shop: Shop;
  let customer: { id: string; email: string };
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    shop = await createShop(t.dataSource.manager);
    customer = await createCustomer(t.dataSource.manager, { password: 'shopper-pass' });
    const login = await fetch(`${base}/store/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: 'shopper-pass' }),
    });
    expect(login.status).toBe(200);
    cookie = login.headers.getSetCookie()[0].split(';')[0];
  });
  afterAll(() => t.close());

  const anonymousCart = async () =>
    (await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] })).id as string;
  const storedOwner = async (cartId: string) =>
    (await t.dataSource.query('SELECT customer_id, email FROM cart WHERE id = $1', [cartId]))[0] as { customer_id: string | null; email: string | null };
  const getCart = async (cartId: string, headers: Record<string, string>) => {
    const res = await fetch(`${base}/store/carts/${cartId}`, { headers: { cookie, ...headers } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { cart: Record<string, unknown> }).cart;
  };

  it('a storefront server forwarding the cookie (only the headers Node adds) gets the customer attached', async () => {
    const cartId = await anonymousCart();
    const cart = await getCart(cartId, {});
    expect(cart).toMatchObject({ id: cartId, customer_id: customer.id, email: customer.email });
    expect(await storedOwner(cartId)).toEqual({ customer_id: customer.id, email: customer.email });
  });

  it('a browser request marked Sec-Fetch-Site: cross-site with the cookie reads the cart and attaches nothing', async () => {
    const cartId = await anonymousCart();
    const cart = await getCart(cartId, { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' });
    expect(cart).toMatchObject({ id: cartId, customer_id: null, email: null });
    expect(await storedOwner(cartId)).toEqual({ customer_id: null, email: null });
  });

  it('a browser request marked Sec-Fetch-Site: same-origin attaches the customer', async () => {
    const cartId = await anonymousCart();
    await getCart(cartId, { 'sec-fetch-site': 'same-origin' });
    expect(await storedOwner(cartId)).toEqual({ customer_id: customer.id, email: customer.email });
  });

  it('without Sec-Fetch-Site but with a foreign Origin, nothing is attached (the Origin decides, as before)', async () => {
    const cartId = await anonymousCart();
    await getCart(cartId, { origin: 'https://evil.example' });
    expect(await storedOwner(cartId)).toEqual({ customer_id: null, email: null });
  });
});

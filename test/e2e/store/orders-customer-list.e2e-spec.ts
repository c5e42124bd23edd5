import { Client } from 'pg';
import { createCartViaApi, createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { isBackgroundStatement } from '../../helpers/background-statements';

/**
 * GET /store/customers/me/orders reads a page of orders with their trees and totals in a
 * fixed number of statements, whatever the page size (a shop's loyal customer has hundreds
 * of orders), and answers each order exactly as a page of that one order does.
 */
describe("Store: a customer's orders, a page at a time (GET /store/customers/me/orders)", () => {
  let t: TestApp;
  let shop: Shop;
  let auth: Record<string, string>;
  const sent: string[] = [];
  const original = Client.prototype.query;

  beforeAll(async () => {
    // Every statement goes through pg's Client#query; patched before the app starts (see cart-write-round-trips).
    (Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: Client, ...args: unknown[]) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (text !== undefined) sent.push(text);
      return (original as unknown as (...a: unknown[]) => unknown).apply(this, args);
    };
    // No job handlers in this process: a mail job of an earlier order would send its statements inside a counted request.
    t = await createTestApp({ QUEUE_WORKERS: 'false' });
    shop = await createShop(t.dataSource.manager);
    const customer = await createCustomer(t.dataSource.manager, { password: 'secret' });
    auth = customerAuth(t, customer.id);
    for (const quantity of [1, 2, 3]) {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity }] }, auth);
      const step = async (path: string, body: Record<string, unknown> = {}) => {
        const res = await t.http().post(`/store/carts/${cart.id}${path}`).set(auth).send(body);
        if (res.status !== 200) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
      };
      await step('', { shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' } });
      await step('/shipping-methods', { option_id: shop.shippingOption.id });
      await step('/payment-sessions');
      await step('/payment-session', { provider_id: 'manual' });
      await step('/complete');
    }
  });
  afterAll(async () => {
    Client.prototype.query = original;
    await t.close();
  });

  const list = async (query: string) => {
    sent.length = 0;
    const res = await t.http().get(`/store/customers/me/orders?${query}`).set(auth).expect(200);
    return { body: res.body, statements: sent.filter((text) => !isBackgroundStatement(text)).length };
  };

  it('reads a page of three orders in as many statements as a page of one', async () => {
    await list('limit=1'); // the customer's session and the compiled statements are warm from here on
    const one = await list('limit=1');
    const three = await list('limit=3');
    expect(three.body.orders).toHaveLength(3);
    expect(three.statements).toBe(one.statements);
  });

  it('answers each order of a page exactly as a page of that order alone does, default relations and expanded ones', async () => {
    for (const query of ['', 'expand=items,items.variant.product,billing_address,gift_cards&']) {
      const page = (await list(`${query}limit=3`)).body;
      const alone = [];
      for (let offset = 0; offset < 3; offset++) alone.push(...(await list(`${query}limit=1&offset=${offset}`)).body.orders);
      expect(page.count).toBe(3);
      expect(page.orders.map((o: { items: Array<{ quantity: number }> }) => o.items[0].quantity)).toEqual([3, 2, 1]);
      expect(page.orders).toEqual(alone);
    }
  });
});

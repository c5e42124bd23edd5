import { Client } from 'pg';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { isBackgroundStatement } from '../../helpers/background-statements';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

/*
 * The dashboard's product and order tables: the statements one page costs do not grow with
 * the page (the page, its count, then its relations in one JSON-tree statement, and for
 * orders their gift card transactions), so a table of 15 costs what a table of 1 does.
 */
describe("The dashboard's admin lists: statements per page", () => {
  let t: TestApp;
  let admin: Agent;
  let shop: Shop;
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
    t = await createTestApp();
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager);
    for (let i = 0; i < 15; i++) await createProduct(t.dataSource.manager, { variants: [{ option_value: 'S' }, { option_value: 'M' }] });
    for (let i = 0; i < 6; i++) {
      const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
      await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
      await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    }
    await eventsDelivered();
  });

  /** The orders' `order.placed` events are delivered in the background (mail, webhooks): let that finish first. */
  async function eventsDelivered(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const [{ n }] = await t.dataSource.query(
        `SELECT (SELECT count(*) FROM outbox_event WHERE dispatched_at IS NULL) + (SELECT count(*) FROM pgboss.job WHERE name LIKE 'event-delivery%' AND state IN ('created', 'retry', 'active')) AS n`,
      );
      if (Number(n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the events of the placed orders were not delivered within 20 s');
  }
  afterAll(async () => {
    Client.prototype.query = original;
    await t.close();
  });

  /**
   * Not the list's: background work sharing the server (job queue polling, the event relay, the listener's
   * heartbeat), the session lookup and the guard's check that the session's user still exists.
   */
  const isOther = (text: string) => isBackgroundStatement(text) || /"session"/.test(text) || /"row_exists"/.test(text);

  async function statements(path: string): Promise<string[]> {
    sent.length = 0;
    const res = await admin.get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return sent.filter((text) => !isOther(text)).map((text) => text.replace(/\s+/g, ' ').slice(0, 100));
  }

  it('the product table: the same few statements for 1 product as for 15', async () => {
    const path = (limit: number) =>
      `/admin/products?fields=id%2Ctitle%2Cthumbnail%2Cstatus%2Chandle%2Ccollection_id&expand=variants%2Coptions%2Cvariants.prices%2Cvariants.options%2Ccollection%2Ctags%2Ctype%2Cimages%2Csales_channels&is_giftcard=false&offset=0&limit=${limit}`;
    const one = await statements(path(1));
    const fifteen = await statements(path(15));
    expect(fifteen.length === one.length ? 'same' : { one, fifteen }).toBe('same');
    expect(fifteen.length <= 3 ? 'at most 3' : fifteen).toBe('at most 3');
  });

  it('the order table and a customer’s orders: the same few statements for 1 order as for 6', async () => {
    const path = (limit: number) =>
      `/admin/orders?expand=customer%2Cshipping_address%2Csales_channel&fields=id%2Cstatus%2Cdisplay_id%2Ccreated_at%2Cemail%2Cfulfillment_status%2Cpayment_status%2Ctotal%2Ccurrency_code&offset=0&limit=${limit}`;
    const one = await statements(path(1));
    const six = await statements(path(6));
    expect(six.length === one.length ? 'same' : { one, six }).toBe('same');
    expect(six.length <= 4 ? 'at most 4' : six).toBe('at most 4');
  });
});

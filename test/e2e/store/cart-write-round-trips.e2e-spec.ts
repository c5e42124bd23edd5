import { Client } from 'pg';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { ROUND_TRIP_BUDGETS as BUDGET } from '../../helpers/round-trip-budgets';
import { isBackgroundStatement } from '../../helpers/background-statements';

/**
 * Round trips to PostgreSQL per cart write, against the budgets in
 * test/helpers/round-trip-budgets.ts: they keep the counts from creeping back up.
 */
describe('Cart writes: database round trips per request', () => {
  let t: TestApp;
  let shop: Shop;
  let code: string;
  const sent: string[] = [];
  const original = Client.prototype.query;

  beforeAll(async () => {
    // Every statement goes through pg's Client#query (TypeORM's and the JSON tree loader's
    // alike). Patched before the app starts: the prepared-statement wrapper binds each
    // pooled client's query method when the client is first checked out.
    (Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: Client, ...args: unknown[]) {
      const [config] = args;
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (text !== undefined) sent.push(text);
      return (original as unknown as (...a: unknown[]) => unknown).apply(this, args);
    };
    // No job handlers in this process: a mail job of an earlier order would send its statements inside a counted request.
    t = await createTestApp({ QUEUE_WORKERS: 'false' });
    shop = await createShop(t.dataSource.manager);
    code = (await createDiscount(t.dataSource.manager, { regions: [shop.region.id] })).code;
    // Cart reads take the region's tree from memory once it is loaded (RegionTreeCache).
    await createCartViaApi(t, { region_id: shop.region.id });
  });
  afterAll(async () => {
    Client.prototype.query = original;
    await t.close();
  });

  async function roundTrips(send: () => Promise<{ status: number; body: unknown }>): Promise<{ count: number; statements: string[] }> {
    sent.length = 0;
    const res = await send();
    if (res.status !== 200) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`);
    const statements = sent.filter((text) => !isBackgroundStatement(text)).map((text) => text.replace(/\s+/g, ' ').slice(0, 120));
    return { count: statements.length, statements };
  }

  const expectAtMost = async (budget: number, send: () => Promise<{ status: number; body: unknown }>) => {
    const { count, statements } = await roundTrips(send);
    // Over budget, the failure shows every statement sent, so a regression says where it came from.
    expect(count <= budget ? 'within budget' : { budget, count, statements }).toBe('within budget');
  };

  it('POST /store/carts (no items), once the region tree is cached, and the first cart after a region change', async () => {
    await expectAtMost(BUDGET.createCart, () => t.http().post('/store/carts').send({ region_id: shop.region.id }));
    await t.dataSource.query(`UPDATE region SET name = name || ' (changed)' WHERE id = $1`, [shop.region.id]);
    const { count } = await roundTrips(() => t.http().post('/store/carts').send({ region_id: shop.region.id }));
    expect(count).toBe(BUDGET.createCartAfterRegionChange);
    await expectAtMost(BUDGET.createCart, () => t.http().post('/store/carts').send({ region_id: shop.region.id }));
  });

  it('POST /store/carts/:id/line-items: a new line, then a merge', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await expectAtMost(BUDGET.addNewLine, () => t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }));
    await expectAtMost(BUDGET.addMergedLine, () => t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }));
  });

  it('POST /store/carts/:id with a discount code', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await expectAtMost(BUDGET.applyDiscountCode, () =>
      t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ discounts: [{ code }] }),
    );
  });

  it('POST /store/carts/:id/shipping-methods, then POST /store/carts/:id/payment-sessions', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ email: 'rt@test.com', shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' } })
      .expect(200);
    await expectAtMost(BUDGET.addShippingMethod, () => t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }));
    await expectAtMost(BUDGET.createPaymentSessions, () => t.http().post(`/store/carts/${cart.id}/payment-sessions`));
  });

  it('POST /store/carts/:id with a new guest email and a shipping address, then POST /store/carts/:id/complete', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await expectAtMost(BUDGET.setGuestEmailAndAddress, () =>
      t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ email: 'rt2@test.com', shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' } }),
    );
    await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: shop.shippingOption.id }).expect(200);
    await t.http().post(`/store/carts/${cart.id}/payment-sessions`).expect(200);
    await t.http().post(`/store/carts/${cart.id}/payment-session`).send({ provider_id: 'manual' }).expect(200);
    await expectAtMost(BUDGET.completeCart, () => t.http().post(`/store/carts/${cart.id}/complete`));
  });
});

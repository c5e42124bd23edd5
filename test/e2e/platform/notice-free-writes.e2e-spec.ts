import { Client, Notification } from 'pg';
import { TABLE_CHANGES_CHANNEL, ROW_CHANGES_CHANNEL } from '../../../src/modules/table-changes/change-scopes';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';
import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createGiftCard } from '../../factories/gift-card.factory';

/**
 * The store's cart writes answered without a write fence (@WritesNoNotice()) must never
 * change a table whose changes are announced to the response caches: each one is sent
 * here, in every form the storefront uses, while a listener counts the notices. Cart
 * completion, which does announce (stock, discount usage, payments), shows that the
 * listener would see them.
 */
describe('Cart writes without a write fence', () => {
  let t: TestApp;
  let shop: Shop;
  let listener: Client;
  const notices: Notification[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    listener = new Client({ connectionString: t.databaseUrl });
    await listener.connect();
    listener.on('notification', (msg) => notices.push(msg));
    await listener.query(`LISTEN ${TABLE_CHANGES_CHANNEL}; LISTEN ${ROW_CHANGES_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await t.close();
  });

  /** The notices announced by `send`'s commits: a round trip on the listener connection comes after all of them. */
  async function noticesOf(send: () => Promise<unknown>): Promise<string[]> {
    await listener.query('SELECT 1');
    notices.length = 0;
    await send();
    await listener.query('SELECT 1');
    return notices.map((n) => `${n.channel} ${n.payload}`);
  }

  /** Sends a write that must be notice-free, checking that the write fence treats it as one. */
  async function noticeFree(method: 'post' | 'delete', path: string, body?: Record<string, unknown>): Promise<Record<string, any>> {
    const fences = jest.spyOn(t.app.get(TableChangeNotices), 'writeFinished');
    let res: { status: number; body: Record<string, any> } | undefined;
    let announced: string[];
    try {
      announced = await noticesOf(async () => {
        const req =
          method === 'post'
            ? t
                .http()
                .post(path)
                .send(body ?? {})
            : t.http().delete(path);
        res = await req;
      });
      // noticesOf ends with a round trip to PostgreSQL: the response has long finished on the server.
      expect({ path, fenced: fences.mock.calls.length }).toEqual({ path, fenced: 0 });
    } finally {
      fences.mockRestore();
    }
    expect({ path, status: res!.status }).toEqual({ path, status: 200 });
    expect({ path, announced }).toEqual({ path, announced: [] });
    return res!.body;
  }

  it('announces nothing for any cart write the store answers without a fence', async () => {
    const discount = await createDiscount(t.dataSource.manager, { regions: [shop.region.id] });
    const card = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, value: 500 });

    const created = await noticeFree('post', '/store/carts', { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const id = created.cart.id as string;
    await noticeFree('post', `/store/carts/${id}/line-items`, { variant_id: shop.variant.id, quantity: 2 });
    const line = (await noticeFree('post', `/store/carts/${id}/line-items`, { variant_id: shop.variant.id, quantity: 1, metadata: { gift: true } })).cart
      .items[1];
    await noticeFree('post', `/store/carts/${id}/line-items/${line.id}`, { quantity: 3 });
    await noticeFree('delete', `/store/carts/${id}/line-items/${line.id}`);
    await noticeFree('post', `/store/carts/${id}`, {
      email: 'notice.free@test.com',
      shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' },
      billing_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'de' },
      discounts: [{ code: discount.code }],
      gift_cards: [{ code: card.code }],
      context: { source: 'spec' },
    });
    await noticeFree('delete', `/store/carts/${id}/discounts/${discount.code}`);
    await noticeFree('post', `/store/carts/${id}/shipping-methods`, { option_id: shop.shippingOption.id });
    await noticeFree('post', `/store/carts/${id}/payment-sessions`);
    await noticeFree('post', `/store/carts/${id}/payment-session`, { provider_id: 'test' });
    await noticeFree('post', `/store/carts/${id}/payment-sessions/test`, { data: { note: 'x' } });
    await noticeFree('post', `/store/carts/${id}/payment-sessions/test/refresh`);
    await noticeFree('delete', `/store/carts/${id}/payment-sessions/test`);
    await noticeFree('post', `/store/carts/${id}/taxes`);
    await noticeFree('post', `/store/carts/${id}`, { region_id: shop.region.id });
  });

  it('keeps the fence for completion, which announces stock and payment changes', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    const fences = jest.spyOn(t.app.get(TableChangeNotices), 'writeFinished');
    try {
      const announced = await noticesOf(() => t.http().post(`/store/carts/${cart.id}/complete`).expect(200));
      expect(announced).toContain(`${ROW_CHANGES_CHANNEL} product_variant:${shop.variant.id}`);
      expect(fences).toHaveBeenCalledTimes(1);
    } finally {
      fences.mockRestore();
    }
  });

  it('fences the caches after other writes only', async () => {
    const notices = t.app.get(TableChangeNotices);
    const fences = jest.spyOn(notices, 'writeFinished');
    try {
      await t.http().post('/store/carts').send({ region_id: shop.region.id }).expect(200);
      await t.http().post('/store/customers').send({}).expect(400);
      // The fence runs when the response has finished; up to 10 s on a loaded machine.
      for (let i = 0; i < 1000 && fences.mock.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(fences).toHaveBeenCalledTimes(1);
    } finally {
      fences.mockRestore();
    }
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';

/**
 * A cart event (the `cart` lane: what any anonymous client's writes cause) is written only
 * when someone can receive it: a subscriber of the process, or a webhook endpoint (enabled or
 * not) listing its name as the writing statement sees the endpoints. Business events are
 * written whoever listens. Either way an event is written only if its change committed.
 */
describe('Events: a cart event nobody can receive is not written', () => {
  let t: TestApp;
  let shop: Shop;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  beforeAll(async () => {
    // No job handlers: nothing relays, so every event written stays in the outbox to be counted.
    t = await createTestApp({ QUEUE_WORKERS: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' });
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const eventsOf = async (id: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT name FROM outbox_event WHERE data ->> 'id' = $1 OR data #>> '{}' = $1 ORDER BY seq`, [id])).map(
      (row: { name: string }) => row.name,
    );

  /** A whole checkout; answers the cart's id and the order's. */
  async function checkout(): Promise<{ cartId: string; orderId: string }> {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: 'manual' });
    const done = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    return { cartId: cart.id, orderId: done.body.data.id };
  }

  it('without an endpoint or a subscriber for them, a checkout writes no cart event, and its order.placed all the same', async () => {
    const { cartId, orderId } = await checkout();
    expect(await eventsOf(cartId)).toEqual([]);
    expect(await eventsOf(orderId)).toEqual(['order.placed']);
  });

  it('an endpoint listing a cart event gets it written from the next write on; one disabled still counts; the others stay unwritten', async () => {
    const endpoint = (
      await admin
        .post('/admin/webhooks')
        .send({ url: 'http://127.0.0.1:9/carts', events: ['cart.updated'] })
        .expect(200)
    ).body.webhook as { id: string };
    const { cartId } = await checkout();
    // create (none: cart.created is not listed), add, email and address (cart.customer_updated is not listed either), shipping method.
    expect(await eventsOf(cartId)).toEqual(['cart.updated', 'cart.updated', 'cart.updated']);

    await admin
      .post(`/admin/webhooks/${endpoint.id}`)
      .send({ is_disabled: true, events: ['cart.created', 'cart.updated', 'cart.customer_updated'] })
      .expect(200);
    const second = await checkout();
    expect(await eventsOf(second.cartId)).toEqual(['cart.created', 'cart.updated', 'cart.customer_updated', 'cart.updated', 'cart.updated']);
  });

  it('a refused change still writes nothing, even with an endpoint listening', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const before = await eventsOf(cart.id);
    await t.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: 'variant_missing', quantity: 1 }).expect(400);
    await t.http().post(`/store/carts/${cart.id}/shipping-methods`).send({ option_id: 'so_missing' }).expect(404);
    expect(await eventsOf(cart.id)).toEqual(before);
  });
});

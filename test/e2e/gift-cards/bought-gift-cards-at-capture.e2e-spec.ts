import { PaymentProviderRegistry } from '../../../src/modules/payments/payment-provider.registry';
import { TestPaymentProvider } from '../../../src/modules/payments/providers/test.provider';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

/** The test provider, as a card provider configured to capture when it authorizes. */
const capturingOnAuthorize = () => Object.assign(new TestPaymentProvider(), { capturesOnAuthorize: true });

/**
 * Nothing is handed over before it is paid: a gift card bought with a provider that only
 * authorizes (manual) cannot pay for anything, and its code is not sent (no gift_card.created,
 * which mails it), until the order's payment is captured; then once, however many captures
 * are asked for. A provider whose authorisation is a capture hands it over at checkout.
 */
describe('Gift cards bought in an order are handed over at capture', () => {
  let t: TestApp;
  let shop: Shop;
  let giftCardVariantId: string;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const cardsOf = (orderId: string): Promise<Array<{ id: string; code: string; is_disabled: boolean }>> =>
    t.dataSource.query(`SELECT id, code, is_disabled FROM gift_card WHERE order_id = $1 ORDER BY code`, [orderId]);
  const createdEvents = (ids: string[]) =>
    t.dataSource.query(`SELECT data->>'id' AS id FROM outbox_event WHERE name = 'gift_card.created' AND data->>'id' = ANY($1) ORDER BY seq`, [ids]);
  /** The event that sends the order's one gift-card mail. */
  const handOvers = (orderId: string) =>
    t.dataSource.query(`SELECT 1 FROM outbox_event WHERE name = 'order.gift_card_created' AND data->>'id' = $1`, [orderId]);
  const applyToNewCart = async (code: string) => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    return t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code }] });
  };

  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '12' });
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
    const product = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    giftCardVariantId = product.variants![0].id;
  });
  afterAll(() => t.close());

  it('a card bought with the manual provider is unusable and unannounced while the order awaits payment, usable and announced once after capture', async () => {
    const order = await placeOrder(t, shop, { items: [{ variant_id: giftCardVariantId, quantity: 2 }], provider: 'manual' });
    expect(order.payment_status).toBe('awaiting');
    const cards = await cardsOf(order.id);
    expect(cards).toHaveLength(2);
    expect(cards.every((c) => c.is_disabled)).toBe(true);
    expect(await createdEvents(cards.map((c) => c.id))).toEqual([]);
    expect(await handOvers(order.id)).toEqual([]);
    const refused = await applyToNewCart(cards[0].code);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ type: 'not_allowed', message: 'The gift card is disabled' });

    // Several staff capture at once: the cards are handed over once.
    const answers = await Promise.all(Array.from({ length: 4 }, () => admin.post(`/admin/orders/${order.id}/capture`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await cardsOf(order.id)).every((c) => !c.is_disabled)).toBe(true);
    expect((await createdEvents(cards.map((c) => c.id))).map((e: { id: string }) => e.id).sort()).toEqual(cards.map((c) => c.id).sort());
    expect((await applyToNewCart(cards[0].code)).status).toBe(200);
    expect(await handOvers(order.id)).toHaveLength(1);

    // A card staff disable afterwards stays disabled whatever is captured again.
    await admin.post(`/admin/gift-cards/${cards[1].id}`).send({ is_disabled: true }).expect(200);
    await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    expect((await cardsOf(order.id)).find((c) => c.id === cards[1].id)!.is_disabled).toBe(true);
    expect(await createdEvents(cards.map((c) => c.id))).toHaveLength(2);
  });

  it('a canceled order never hands its cards over', async () => {
    const order = await placeOrder(t, shop, { items: [{ variant_id: giftCardVariantId, quantity: 1 }], provider: 'manual' });
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    await admin.post(`/admin/orders/${order.id}/capture`).expect(400);
    const [card] = await cardsOf(order.id);
    expect(card.is_disabled).toBe(true);
    expect(await createdEvents([card.id])).toEqual([]);
  });

  it('a provider whose authorisation is a capture hands the card over at checkout', async () => {
    const registry = t.app.get(PaymentProviderRegistry);
    registry.register(capturingOnAuthorize());
    try {
      const order = await placeOrder(t, shop, { items: [{ variant_id: giftCardVariantId, quantity: 1 }], provider: 'test' });
      expect(order.payment_status).toBe('captured');
      const [card] = await cardsOf(order.id);
      expect(card.is_disabled).toBe(false);
      expect(await createdEvents([card.id])).toHaveLength(1);
      expect(await handOvers(order.id)).toHaveLength(1);
    } finally {
      registry.register(new TestPaymentProvider());
    }
  });
});

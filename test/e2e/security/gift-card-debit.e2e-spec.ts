import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * A gift card is checked when it is applied to a cart and again by the debit itself at
 * completion (one conditional UPDATE): a card that expired or was disabled since it was
 * applied is not spent. Completion answers 400 not_allowed and writes nothing: no order,
 * no transaction, the balance and the stock as they were, the cart still open.
 */
describe('Gift card debit checks expiry and disabling at the moment it spends', () => {
  let t: TestApp;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(() => t.close());

  /** A cart ready to complete, paid partly by a fresh 5000 card applied while it was valid. */
  async function cartPaidByCard(): Promise<{ cartId: string; cardId: string }> {
    const card = await createGiftCard(t.dataSource.manager, { region_id: shop.region.id, ends_at: new Date(Date.now() + 3600_000) });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code: card.code }] })
      .expect(200);
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id });
    return { cartId: cart.id, cardId: card.id };
  }

  async function expectNothingWritten(cartId: string, cardId: string) {
    expect((await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [cardId]))[0].balance).toBe(5000);
    expect(await t.dataSource.query('SELECT id FROM gift_card_transaction WHERE gift_card_id = $1', [cardId])).toEqual([]);
    expect(await t.dataSource.query('SELECT id FROM "order" WHERE cart_id = $1', [cartId])).toEqual([]);
    expect((await t.dataSource.query('SELECT completed_at FROM cart WHERE id = $1', [cartId]))[0].completed_at).toBeNull();
  }

  it('a card applied before it expired is not spent after: 400, nothing written', async () => {
    const { cartId, cardId } = await cartPaidByCard();
    await t.dataSource.query(`UPDATE gift_card SET ends_at = now() - interval '1 minute' WHERE id = $1`, [cardId]);
    const res = await t.http().post(`/store/carts/${cartId}/complete`).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'The gift card has expired' });
    await expectNothingWritten(cartId, cardId);
  });

  it('a card disabled after it was applied is not spent: 400, nothing written', async () => {
    const { cartId, cardId } = await cartPaidByCard();
    await t.dataSource.query('UPDATE gift_card SET is_disabled = true WHERE id = $1', [cardId]);
    const res = await t.http().post(`/store/carts/${cartId}/complete`).expect(400);
    expect(res.body).toEqual({ type: 'not_allowed', message: 'The gift card is disabled' });
    await expectNothingWritten(cartId, cardId);
  });

  it('a card still valid is spent as before', async () => {
    const { cartId, cardId } = await cartPaidByCard();
    const done = await t.http().post(`/store/carts/${cartId}/complete`).expect(200);
    expect(done.body.type).toBe('order');
    expect((await t.dataSource.query('SELECT balance FROM gift_card WHERE id = $1', [cardId]))[0].balance).toBeLessThan(5000);
  });
});

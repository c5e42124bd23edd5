import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createTestApp, TestApp } from '../../helpers/app';

describe('Store gift cards (GET /store/gift-cards/:code)', () => {
  let t: TestApp;
  let shop: Shop;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    regionId = shop.region.id;
  });
  afterAll(() => t.close());

  const card = (overrides: Partial<GiftCard> = {}) => createGiftCard(t.dataSource.manager, { region_id: regionId, ...overrides });

  it("returns Medusa's store fields of a card without authentication: id, code, value, balance and the region", async () => {
    const gc = await card({ value: 5000, balance: 1200, metadata: { secret: 'x' }, tax_rate: 25, ends_at: new Date(Date.now() + 86_400_000) });
    const res = await t.http().get(`/store/gift-cards/${gc.code}`).expect(200);
    expect(Object.keys(res.body.gift_card).sort()).toEqual(['balance', 'code', 'id', 'region', 'value']);
    expect(res.body.gift_card).toMatchObject({ id: gc.id, code: gc.code, value: 5000, balance: 1200 });
    expect(res.body.gift_card.region).toMatchObject({ id: regionId, currency_code: 'eur' });
    // The region's columns only, no providers (observed on a real Medusa 1.20.10).
    expect(res.body.gift_card.region).not.toHaveProperty('payment_providers');
    expect(res.body.gift_card.region).not.toHaveProperty('fulfillment_providers');
  });

  it('finds the card whatever the case of the code', async () => {
    const gc = await card();
    const res = await t.http().get(`/store/gift-cards/${gc.code.toLowerCase()}`).expect(200);
    expect(res.body.gift_card.id).toBe(gc.id);
  });

  it('404s for an unknown or a deleted code', async () => {
    const res = await t.http().get('/store/gift-cards/NOPE-NOPE-NOPE-NOPE').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Gift card with code: NOPE-NOPE-NOPE-NOPE was not found' });
    const deleted = await card();
    await t.dataSource.getRepository(GiftCard).softDelete(deleted.id);
    const gone = await t.http().get(`/store/gift-cards/${deleted.code}`).expect(404);
    expect(gone.body).toEqual({ type: 'not_found', message: `Gift card with code: ${deleted.code} was not found` });
  });

  it('finds a disabled or an expired card as Medusa does, and a cart then refuses it', async () => {
    const disabled = await card({ value: 800, balance: 300, is_disabled: true });
    const expired = await card({ value: 900, balance: 900, ends_at: new Date(Date.now() - 1000) });
    for (const gc of [disabled, expired]) {
      const res = await t.http().get(`/store/gift-cards/${gc.code}`).expect(200);
      expect(res.body.gift_card).toEqual({ id: gc.id, code: gc.code, value: gc.value, balance: gc.balance, region: expect.objectContaining({ id: regionId }) });
    }
    const cart = await createCartViaApi(t, { region_id: regionId, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    const refusedDisabled = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code: disabled.code }] })
      .expect(400);
    expect(refusedDisabled.body).toEqual({ type: 'not_allowed', message: 'The gift card is disabled' });
    const refusedExpired = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .send({ gift_cards: [{ code: expired.code }] })
      .expect(400);
    expect(refusedExpired.body).toEqual({ type: 'not_allowed', message: 'The gift card has expired' });
    const after = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(after.body.cart).toMatchObject({ gift_cards: [], gift_card_total: 0 });
  });
});

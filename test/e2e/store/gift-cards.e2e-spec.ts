import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

describe('Store gift cards (GET /store/gift-cards/:code)', () => {
  let t: TestApp;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    regionId = (await createRegion(t.dataSource.manager)).id;
  });
  afterAll(() => t.close());

  const card = (overrides: Partial<GiftCard> = {}) => createGiftCard(t.dataSource.manager, { region_id: regionId, ...overrides });

  it('returns the balance check view of an enabled card without authentication', async () => {
    const gc = await card({ value: 5000, balance: 1200, metadata: { secret: 'x' }, tax_rate: 25 });
    const res = await t.http().get(`/store/gift-cards/${gc.code}`).expect(200);
    expect(Object.keys(res.body.gift_card).sort()).toEqual(['balance', 'code', 'ends_at', 'id', 'region', 'region_id', 'value']);
    expect(res.body.gift_card).toMatchObject({ id: gc.id, code: gc.code, value: 5000, balance: 1200, region_id: regionId, ends_at: null });
    expect(res.body.gift_card.region).toMatchObject({ id: regionId, currency_code: 'eur' });
    expect(res.body.gift_card.region.payment_providers.map((p: { id: string }) => p.id).sort()).toEqual(['manual', 'test']);
  });

  it('finds the card whatever the case of the code', async () => {
    const gc = await card();
    const res = await t.http().get(`/store/gift-cards/${gc.code.toLowerCase()}`).expect(200);
    expect(res.body.gift_card.id).toBe(gc.id);
  });

  it('returns a card that expires in the future, with its expiry', async () => {
    const endsAt = new Date(Date.now() + 86_400_000);
    const gc = await card({ ends_at: endsAt });
    const res = await t.http().get(`/store/gift-cards/${gc.code}`).expect(200);
    expect(res.body.gift_card.ends_at).toBe(endsAt.toISOString());
  });

  it('404s for an unknown code', async () => {
    const res = await t.http().get('/store/gift-cards/NOPE-NOPE-NOPE-NOPE').expect(404);
    expect(res.body).toEqual({ type: 'not_found', message: 'Gift card with code: NOPE-NOPE-NOPE-NOPE was not found' });
  });

  it('404s, with the same message, for a disabled, an expired or a deleted card', async () => {
    const disabled = await card({ is_disabled: true });
    const expired = await card({ ends_at: new Date(Date.now() - 1000) });
    const deleted = await card();
    await t.dataSource.getRepository(GiftCard).softDelete(deleted.id);
    for (const gc of [disabled, expired, deleted]) {
      const res = await t.http().get(`/store/gift-cards/${gc.code}`).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: `Gift card with code: ${gc.code} was not found` });
    }
  });
});

import { TransactionRunner } from '../../../src/common/database/transaction.runner';
import { ApiError } from '../../../src/common/errors/api-error';
import { GiftCardTransaction } from '../../../src/modules/gift-cards/gift-card-transaction.entity';
import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { GiftCardsService } from '../../../src/modules/gift-cards/gift-cards.service';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/** The API the carts module uses to apply and spend gift cards, against the real database. */
describe('Gift card redemption (GiftCardsService, used by carts)', () => {
  let t: TestApp;
  let service: GiftCardsService;
  let runner: TransactionRunner;
  let regionId: string;
  let otherRegionId: string;
  let orderIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(GiftCardsService);
    runner = t.app.get(TransactionRunner);
    regionId = (await createRegion(t.dataSource.manager)).id;
    otherRegionId = (await createRegion(t.dataSource.manager, { countries: ['us'], currency_code: 'usd' })).id;
    orderIds = await createBareOrders(t.dataSource.manager, regionId, 3);
  });
  afterAll(() => t.close());

  const card = (overrides: Partial<GiftCard> = {}) => createGiftCard(t.dataSource.manager, { region_id: regionId, ...overrides });
  const reload = (id: string) => t.dataSource.getRepository(GiftCard).findOneOrFail({ where: { id }, withDeleted: true });
  const transactionsOf = (id: string) => t.dataSource.getRepository(GiftCardTransaction).find({ where: { gift_card_id: id }, order: { created_at: 'ASC' } });
  const rejection = async (promise: Promise<unknown>) => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  };

  describe('retrieveByCodeForCart', () => {
    it('returns a usable card of the cart region, whatever the case of the code', async () => {
      const gc = await card();
      const found = await service.retrieveByCodeForCart(gc.code.toLowerCase(), regionId, t.dataSource.manager);
      expect(found).toMatchObject({ id: gc.id, balance: 5000 });
    });

    it('404s for an unknown or deleted code', async () => {
      const err = await rejection(service.retrieveByCodeForCart('NOPE-NOPE-NOPE-NOPE', regionId, t.dataSource.manager));
      expect(err).toMatchObject({ type: 'not_found', message: 'Gift card with code: NOPE-NOPE-NOPE-NOPE was not found' });
      const gc = await card();
      await t.dataSource.getRepository(GiftCard).softDelete(gc.id);
      expect((await rejection(service.retrieveByCodeForCart(gc.code, regionId, t.dataSource.manager))).type).toBe('not_found');
    });

    it.each([
      ['disabled', { is_disabled: true }, 'same', 'not_allowed', 'The gift card is disabled'],
      ['expired', { ends_at: new Date(Date.now() - 60_000) }, 'same', 'not_allowed', 'The gift card has expired'],
      ['of another region', {}, 'other', 'invalid_data', 'The gift card cannot be used in the current region'],
    ])('refuses a card that is %s with 400 %s', async (_label, overrides, cartRegionIs, type, message) => {
      const gc = await card(overrides as Partial<GiftCard>);
      const cartRegion = cartRegionIs === 'same' ? regionId : otherRegionId;
      const err = await rejection(service.retrieveByCodeForCart(gc.code, cartRegion, t.dataSource.manager));
      expect(err).toMatchObject({ type, message });
    });
  });

  describe('debit', () => {
    it('lowers the balance and records a transaction carrying the card tax rate', async () => {
      const gc = await card({ value: 1000, tax_rate: 25 });
      await runner.run((m) => service.debit(gc.id, 300, orderIds[0], m));
      expect(await reload(gc.id)).toMatchObject({ balance: 700, is_disabled: false });
      await runner.run((m) => service.debit(gc.id, 700, orderIds[1], m));
      // Spent to zero: disabled, as Medusa v1 does.
      expect(await reload(gc.id)).toMatchObject({ balance: 0, is_disabled: true });
      const txs = await transactionsOf(gc.id);
      expect(txs.map((tx) => [tx.order_id, tx.amount, tx.is_taxable, tx.tax_rate])).toEqual([
        [orderIds[0], 300, true, 25],
        [orderIds[1], 700, true, 25],
      ]);
      expect(txs[0].id).toMatch(/^gct_/);
    });

    it('marks the transaction not taxable when the card has no tax rate', async () => {
      const gc = await card({ value: 100 });
      await service.debit(gc.id, 100, orderIds[2], t.dataSource.manager);
      expect((await transactionsOf(gc.id)).map((tx) => [tx.is_taxable, tx.tax_rate])).toEqual([[false, null]]);
    });

    it('refuses more than the balance with not_allowed and changes nothing', async () => {
      const gc = await card({ value: 1000, balance: 299 });
      const err = await rejection(runner.run((m) => service.debit(gc.id, 300, orderIds[2], m)));
      expect(err).toMatchObject({ type: 'not_allowed', message: 'Gift card has insufficient balance' });
      expect((await reload(gc.id)).balance).toBe(299);
      expect(await transactionsOf(gc.id)).toEqual([]);
    });

    it('refuses a disabled, a deleted or an unknown card', async () => {
      const disabled = await card({ is_disabled: true });
      expect(await rejection(service.debit(disabled.id, 1, orderIds[2], t.dataSource.manager))).toMatchObject({
        type: 'not_allowed',
        message: 'The gift card is disabled',
      });
      const deleted = await card();
      await t.dataSource.getRepository(GiftCard).softDelete(deleted.id);
      expect((await rejection(service.debit(deleted.id, 1, orderIds[2], t.dataSource.manager))).type).toBe('not_allowed');
      expect((await rejection(service.debit('gift_missing', 1, orderIds[2], t.dataSource.manager))).message).toBe(
        'Gift card with id: gift_missing is no longer available',
      );
      expect((await reload(disabled.id)).balance).toBe(5000);
      expect((await reload(deleted.id)).balance).toBe(5000);
    });

    it('refuses a card that has expired since it was applied, keeping its balance', async () => {
      const expired = await card({ ends_at: new Date(Date.now() - 1000) });
      expect(await rejection(runner.run((m) => service.debit(expired.id, 1, orderIds[2], m)))).toMatchObject({
        type: 'not_allowed',
        message: 'The gift card has expired',
      });
      expect((await reload(expired.id)).balance).toBe(5000);
      expect(await transactionsOf(expired.id)).toEqual([]);
    });

    it('refuses a non-positive or fractional amount as a programming error', async () => {
      const gc = await card();
      for (const amount of [0, -5, 1.5]) {
        expect((await rejection(service.debit(gc.id, amount, orderIds[2], t.dataSource.manager))).type).toBe('unexpected_state');
      }
      expect((await reload(gc.id)).balance).toBe(5000);
    });

    it("is undone with the caller's transaction when a later step fails", async () => {
      const gc = await card({ value: 800 });
      const failure = new Error('order creation failed after the debit');
      await expect(
        runner.run(async (m) => {
          await service.debit(gc.id, 500, orderIds[2], m);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect((await reload(gc.id)).balance).toBe(800);
      expect(await transactionsOf(gc.id)).toEqual([]);
    });
  });
});

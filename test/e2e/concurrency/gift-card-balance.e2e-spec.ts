import { TransactionRunner } from '../../../src/common/database/transaction.runner';
import { ApiError } from '../../../src/common/errors/api-error';
import { GiftCardTransaction } from '../../../src/modules/gift-cards/gift-card-transaction.entity';
import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { GiftCardsService } from '../../../src/modules/gift-cards/gift-cards.service';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * Many checkouts spending one card at the same moment, each in its own transaction, as
 * cart completion does: the balance never goes below zero and the ledger always explains it.
 */
describe('Gift card balance under concurrent debits', () => {
  let t: TestApp;
  let service: GiftCardsService;
  let runner: TransactionRunner;
  let regionId: string;
  let orderIds: string[];

  beforeAll(async () => {
    // More connections than the default test pool, so the debits really overlap.
    t = await createTestApp({ DB_POOL_SIZE: '12' });
    service = t.app.get(GiftCardsService);
    runner = t.app.get(TransactionRunner);
    regionId = (await createRegion(t.dataSource.manager)).id;
    orderIds = await createBareOrders(t.dataSource.manager, regionId, 30);
  });
  afterAll(() => t.close());

  async function debitInParallel(
    giftCardId: string,
    amounts: number[],
    options: { holdMs?: number; isolation?: 'READ COMMITTED' | 'SERIALIZABLE'; retries?: number } = {},
  ) {
    const outcomes = await Promise.allSettled(
      amounts.map((amount, i) =>
        runner.run(
          async (m) => {
            await service.debit(giftCardId, amount, orderIds[i], m);
            // Keep the transaction (and the row lock) open a little, like the rest of an order creation would.
            if (options.holdMs) await new Promise((r) => setTimeout(r, options.holdMs));
          },
          { isolation: options.isolation, retries: options.retries },
        ),
      ),
    );
    const card = await t.dataSource.getRepository(GiftCard).findOneByOrFail({ id: giftCardId });
    const ledger = await t.dataSource.getRepository(GiftCardTransaction).findBy({ gift_card_id: giftCardId });
    return { outcomes, card, ledger };
  }

  function expectConsistent(card: GiftCard, ledger: GiftCardTransaction[]) {
    expect(card.balance).toBeGreaterThanOrEqual(0);
    expect(ledger.reduce((sum, tx) => sum + tx.amount, 0)).toBe(card.value - card.balance);
  }

  it('lets exactly as many equal debits through as the value covers', async () => {
    const gc = await createGiftCard(t.dataSource.manager, { region_id: regionId, value: 1000 });
    const { outcomes, card, ledger } = await debitInParallel(gc.id, Array(20).fill(150), { holdMs: 10 });

    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(succeeded).toHaveLength(6); // 6 * 150 = 900 <= 1000 < 7 * 150
    expect(card.balance).toBe(100);
    for (const f of failed) expect(f.reason).toMatchObject({ type: 'not_allowed', message: 'Gift card has insufficient balance' });
    expect(failed.every((f) => f.reason instanceof ApiError)).toBe(true);
    expect(ledger).toHaveLength(6);
    expectConsistent(card, ledger);
  });

  it('keeps the ledger equal to the spent value for uneven amounts', async () => {
    const gc = await createGiftCard(t.dataSource.manager, { region_id: regionId, value: 5000 });
    const amounts = Array.from({ length: 30 }, (_, i) => 137 + ((i * 389) % 700));
    const { outcomes, card, ledger } = await debitInParallel(gc.id, amounts);

    const spent = outcomes.reduce((sum, o, i) => (o.status === 'fulfilled' ? sum + amounts[i] : sum), 0);
    // The card was really spent on: every amount is at most 836, so at least 5 of the 30 fit in 5 000.
    expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(5);
    expect(spent).toBe(card.value - card.balance);
    expect(ledger).toHaveLength(outcomes.filter((o) => o.status === 'fulfilled').length);
    // A refused debit did not fit when it ran, and balances only go down, so it still does not fit.
    outcomes.forEach((o, i) => {
      if (o.status !== 'rejected') return;
      expect((o.reason as ApiError).type).toBe('not_allowed');
      expect(amounts[i]).toBeGreaterThan(card.balance);
    });
    expectConsistent(card, ledger);
  });

  it('stays consistent under SERIALIZABLE transactions (conflicts are retried, never overspent)', async () => {
    const gc = await createGiftCard(t.dataSource.manager, { region_id: regionId, value: 1000 });
    // Retries enough for ten contenders (each round of conflicts lets at least one commit), so
    // the outcome is exact: the value covers four debits, and four happen, not fewer.
    const { outcomes, card, ledger } = await debitInParallel(gc.id, Array(10).fill(250), { isolation: 'SERIALIZABLE', retries: 15 });
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(4);
    expect(ledger).toHaveLength(4);
    expect(card.balance).toBe(0);
    // Every refusal is the card's own (spent, so disabled, or short): no serialization failure outlived the retries.
    for (const o of outcomes) {
      if (o.status !== 'rejected') continue;
      expect(o.reason).toBeInstanceOf(ApiError);
      expect(o.reason).toMatchObject({ type: 'not_allowed' });
    }
    expectConsistent(card, ledger);
  });
});

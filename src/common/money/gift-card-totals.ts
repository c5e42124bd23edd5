import { percentOf, roundHalfUp } from './rounding';
import type { GiftCardAllocation, GiftCardInput, GiftCardTransactionInput, RegionTotalsInput } from './types';

/**
 * How much each gift card on a cart covers (medusa-v1-store.md 6 and 7.3).
 *
 * `giftCardable` (G) is what gift cards may pay for: the tax-exclusive amount
 * subtotal + shipping_total − discount_total when the region's gift cards are taxable
 * (Medusa's default), otherwise the whole amount including tax. `payable` is the
 * amount due before gift cards (subtotal + shipping + item/shipping tax − discount).
 *
 * Cards are visited in the given order (the order their balances will be drawn in):
 *   amount     = min(balance, G not yet covered, payable not yet covered)
 *   tax_amount = round(amount × card.tax_rate / 100) for a card with a (non-zero) rate,
 *                at most the payable not yet covered; 0 otherwise.
 * gift_card_total = Σ amount, gift_card_tax_total = Σ tax_amount; the tax is rounded per card.
 *
 * Equal to Medusa v1 whenever Medusa's own total is ≥ 0 and every card has a rate (or
 * there is a single card). Differences, both where Medusa invents money:
 *  - Medusa does not count a card without a tax rate against G when computing the next
 *    cards' tax, so a rated card after an unrated one is credited tax on an amount the
 *    unrated card already paid for; here every card consumes G.
 *  - Medusa never clamps: a card whose rate is higher than the cart's actual tax (or a
 *    rated card in a cart without tax) makes the total negative. Here the covered tax is
 *    capped at what is still payable, so `total` is never below 0 and the parts still add
 *    up to it. The card's drawn `amount` is unchanged by that cap.
 */
export function allocateGiftCards(cards: readonly GiftCardInput[], giftCardable: number, payable: number): GiftCardAllocation[] {
  let uncoveredGiftCardable = Math.max(0, giftCardable);
  let uncoveredPayable = Math.max(0, payable);
  return cards.map((card) => {
    const amount = Math.max(0, Math.min(card.balance, uncoveredGiftCardable, uncoveredPayable));
    const rate = card.tax_rate ? card.tax_rate : null;
    const tax_amount = rate ? Math.min(roundHalfUp(percentOf(amount, rate)), uncoveredPayable - amount) : 0;
    uncoveredGiftCardable -= amount;
    uncoveredPayable -= amount + tax_amount;
    return { id: card.id, amount, tax_amount, tax_rate: rate };
  });
}

/**
 * The gift-card figures of a placed order, from what was actually drawn (its gift-card
 * transactions, in the order they were drawn; medusa-v1-store.md 7.4). Each transaction's
 * amount is taken as is; its tax is round(amount × rate / 100), rounded per transaction
 * (Medusa keeps a running Math.round, which is the same thing for integer amounts), capped
 * like the cart's so an order's total equals the cart's it came from.
 * Rate: the transaction's `tax_rate` (none when null or 0). Legacy transactions with
 * `is_taxable` null use `tax_rate` (pass the card's rate) or else the region's rate, when
 * the region's gift cards are taxable or a rate is known.
 */
export function allocateGiftCardTransactions(
  transactions: readonly GiftCardTransactionInput[],
  region: RegionTotalsInput,
  payable: number,
): GiftCardAllocation[] {
  let uncoveredPayable = Math.max(0, payable);
  return transactions.map((transaction) => {
    const rate = transactionTaxRate(transaction, region);
    const amount = transaction.amount;
    const tax_amount = rate ? Math.max(0, Math.min(roundHalfUp(percentOf(amount, rate)), uncoveredPayable - amount)) : 0;
    uncoveredPayable -= amount + tax_amount;
    return { id: transaction.gift_card_id ?? '', amount, tax_amount, tax_rate: rate };
  });
}

function transactionTaxRate(transaction: GiftCardTransactionInput, region: RegionTotalsInput): number | null {
  if (transaction.is_taxable === null && (region.gift_cards_taxable || transaction.tax_rate)) {
    const legacyRate = transaction.tax_rate ?? region.tax_rate;
    return legacyRate ? legacyRate : null;
  }
  return transaction.tax_rate ? transaction.tax_rate : null;
}

import { allocateGiftCards, allocateGiftCardTransactions } from './gift-card-totals';
import { calculateLineItemTotals } from './line-item-totals';
import { allocateRounded, cleanFloat, roundHalfUp } from './rounding';
import { calculateShippingMethodTotals } from './shipping-method-totals';
import type { LineItemTotals, ShippingMethodTotals, Totals, TotalsInput } from './types';

export { calculateLineItemTotals } from './line-item-totals';
export { calculateShippingMethodTotals } from './shipping-method-totals';

const sum = (values: readonly number[]): number => values.reduce((acc, value) => acc + value, 0);

/**
 * Every total of a cart or an order, in integer minor units (medusa-v1-store.md 7.3/7.4).
 * Pure: the same input always gives the same totals, so a cart and the order placed from
 * it agree, and an order can store its snapshot.
 *
 *   subtotal           = Σ line subtotal (tax-exclusive, before discounts)
 *   discount_total     = round(Σ raw line discounts); each line's discount_total is its
 *                        largest-remainder share of it, so Σ line discount_total = discount_total
 *                        (Medusa rounds each line on its own, which can differ by a cent)
 *   item_tax_total     = Σ line tax_total (each rounded per tax line, on the raw discounted amount)
 *   shipping_total     = Σ method subtotal; shipping_tax_total = Σ method tax (rounded per method)
 *   payable            = subtotal + shipping_total + item_tax_total + shipping_tax_total − discount_total
 *   gift-cardable G    = gift_cards_taxable ? subtotal + shipping_total − discount_total : payable
 *   gift_card_total, gift_card_tax_total: see allocateGiftCards (carts) /
 *                        allocateGiftCardTransactions (orders)
 *   tax_total          = item_tax_total + shipping_tax_total for a cart (includes the tax the
 *                        gift cards cover, like Medusa), minus gift_card_tax_total for an order
 *   total              = payable − gift_card_total − gift_card_tax_total (≥ 0, see gift-card-totals.ts)
 *   paid_total         = input.paid_total; refunded_total = round(input.refunds);
 *   refundable_amount  = paid_total − refunded_total (orders; 0 for carts)
 *
 * Consistency guaranteed for any input: Σ items[].total + Σ shipping_methods[].total
 * = subtotal − discount_total + item_tax_total + shipping_total + shipping_tax_total, and
 * total = that − gift_card_total − gift_card_tax_total.
 */
export function calculateTotals(input: TotalsInput): Totals {
  const kind = input.kind ?? 'cart';

  const rawDiscounts = input.items.map((item) => calculateLineItemTotals(item).raw_discount_total);
  const lineDiscounts = allocateRounded(rawDiscounts);
  const items: Record<string, LineItemTotals> = {};
  input.items.forEach((item, index) => {
    items[item.id] = calculateLineItemTotals(item, lineDiscounts[index]);
  });
  const itemTotals = Object.values(items);

  const shipping_methods: Record<string, ShippingMethodTotals> = {};
  for (const method of input.shipping_methods) {
    shipping_methods[method.id] = calculateShippingMethodTotals(method, input.free_shipping);
  }
  const methodTotals = Object.values(shipping_methods);

  const subtotal = sum(itemTotals.map((line) => line.subtotal));
  const discount_total = sum(lineDiscounts);
  const raw_discount_total = cleanFloat(sum(rawDiscounts));
  const item_tax_total = sum(itemTotals.map((line) => line.tax_total));
  const shipping_total = sum(methodTotals.map((method) => method.subtotal));
  const shipping_tax_total = sum(methodTotals.map((method) => method.tax_total));

  const payable = subtotal + shipping_total + item_tax_total + shipping_tax_total - discount_total;
  const giftCardable = input.region.gift_cards_taxable ? subtotal + shipping_total - discount_total : payable;
  const gift_card_allocations = input.gift_card_transactions
    ? allocateGiftCardTransactions(input.gift_card_transactions, input.region, payable)
    : allocateGiftCards(input.gift_cards, giftCardable, payable);
  const gift_card_total = sum(gift_card_allocations.map((allocation) => allocation.amount));
  const gift_card_tax_total = sum(gift_card_allocations.map((allocation) => allocation.tax_amount));

  const paid_total = input.paid_total ?? 0;
  const refunded_total = roundHalfUp(input.refunds ?? 0);

  return {
    subtotal,
    discount_total,
    raw_discount_total,
    shipping_total,
    item_tax_total,
    shipping_tax_total,
    tax_total: item_tax_total + shipping_tax_total - (kind === 'order' ? gift_card_tax_total : 0),
    gift_card_total,
    gift_card_tax_total,
    refunded_total,
    refundable_amount: paid_total - refunded_total,
    paid_total,
    total: payable - gift_card_total - gift_card_tax_total,
    items,
    shipping_methods,
    gift_card_allocations,
  };
}

import { calculateTotals, type TaxLineInput, type Totals } from '../../common/money';
import type { GiftCardTransaction } from '../gift-cards/gift-card-transaction.entity';
import type { Order } from './order.entity';

export const ORDER_TOTAL_FIELDS = [
  'subtotal',
  'discount_total',
  'shipping_total',
  'shipping_tax_total',
  'item_tax_total',
  'tax_total',
  'gift_card_total',
  'gift_card_tax_total',
  'total',
] as const;

const toInput = (line: { rate: number; name: string; code: string | null }): TaxLineInput => ({ rate: line.rate, name: line.name, code: line.code });

/**
 * The inputs of an order's paid_total and refunded_total, as Medusa 1.20 counts them
 * (reference 9.1): paid = every payment's amount, captured or not (so refundable_amount =
 * paid − refunded may include money never captured: the refund routes check the captured
 * money too); refunded = the refund rows' amounts.
 */
export function orderPaymentTotalsInput(
  payments: ReadonlyArray<{ amount: number }>,
  refunds: ReadonlyArray<{ amount: number }>,
): { paid_total: number; refunds: number } {
  return {
    paid_total: payments.reduce((sum, p) => sum + p.amount, 0),
    refunds: refunds.reduce((sum, r) => sum + r.amount, 0),
  };
}

/**
 * An order's totals from what it persisted (items with their tax lines and adjustments,
 * shipping methods with their tax lines, gift-card transactions, payments), computed by
 * the same calculator the cart used, in order mode (tax_total excludes the tax covered by
 * gift cards). The order needs `region`, `items.tax_lines`, `items.adjustments`,
 * `shipping_methods.tax_lines`, `payments` and `refunds` loaded.
 */
export function calculateOrderTotals(order: Order, transactions: GiftCardTransaction[], freeShipping: boolean): Totals {
  const region = order.region!;
  const payments = order.payments ?? [];
  return calculateTotals({
    kind: 'order',
    currency_code: order.currency_code,
    region: { tax_rate: region.tax_rate, includes_tax: region.includes_tax, gift_cards_taxable: region.gift_cards_taxable },
    items: (order.items ?? []).map((item) => ({
      id: item.id,
      unit_price: item.unit_price,
      quantity: item.quantity,
      returned_quantity: item.returned_quantity,
      includes_tax: item.includes_tax,
      is_giftcard: item.is_giftcard,
      adjustments: (item.adjustments ?? []).map((a) => ({ amount: a.amount, discount_id: a.discount_id })),
      tax_lines: (item.tax_lines ?? []).map(toInput),
    })),
    shipping_methods: (order.shipping_methods ?? []).map((m) => ({
      id: m.id,
      price: m.price,
      includes_tax: m.includes_tax,
      tax_lines: (m.tax_lines ?? []).map(toInput),
    })),
    free_shipping: freeShipping,
    gift_cards: [],
    gift_card_transactions: transactions.map((t) => ({ gift_card_id: t.gift_card_id, amount: t.amount, tax_rate: t.tax_rate, is_taxable: t.is_taxable })),
    ...orderPaymentTotalsInput(payments, order.refunds ?? []),
  });
}

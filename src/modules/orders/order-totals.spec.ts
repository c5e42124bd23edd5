import { calculateTotals } from '../../common/money';
import { orderPaymentTotalsInput } from './order-totals';

/** An order of 2 × 1950 at 25 % with 800 shipping at 25 %: 5875 in all (reference 9.7's order). */
const order = (payments: Array<{ amount: number }>, refunds: Array<{ amount: number }>) =>
  calculateTotals({
    kind: 'order',
    currency_code: 'eur',
    region: { tax_rate: 25, includes_tax: false, gift_cards_taxable: true },
    items: [
      {
        id: 'item_1',
        unit_price: 1950,
        quantity: 2,
        returned_quantity: null,
        includes_tax: false,
        is_giftcard: false,
        adjustments: [],
        tax_lines: [{ rate: 25, name: 'VAT', code: null }],
      },
    ],
    shipping_methods: [{ id: 'sm_1', price: 800, includes_tax: false, tax_lines: [{ rate: 25, name: 'VAT', code: null }] }],
    free_shipping: false,
    gift_cards: [],
    gift_card_transactions: [],
    ...orderPaymentTotalsInput(payments, refunds),
  });

describe("an order's paid_total, refunded_total and refundable_amount (reference 9.1)", () => {
  it('a placed order: paid = its payment, nothing refunded, all of it refundable', () => {
    const totals = order([{ amount: 5875 }], []);
    expect(totals.total).toBe(5875);
    expect(totals).toMatchObject({ paid_total: 5875, refunded_total: 0, refundable_amount: 5875 });
  });

  it('after refunds of 1000 and 875: 1875 refunded, 4000 refundable', () => {
    expect(order([{ amount: 5875 }], [{ amount: 1000 }, { amount: 875 }])).toMatchObject({ paid_total: 5875, refunded_total: 1875, refundable_amount: 4000 });
  });

  it('paid counts every payment, captured or not (5875 + a later 1626 → 7501)', () => {
    expect(order([{ amount: 5875 }, { amount: 1626 }], [{ amount: 7501 }])).toMatchObject({ paid_total: 7501, refunded_total: 7501, refundable_amount: 0 });
  });

  it('an order paid in full by gift cards has nothing paid and nothing to refund', () => {
    expect(order([], [])).toMatchObject({ paid_total: 0, refunded_total: 0, refundable_amount: 0 });
  });
});

import {
  capturePaysOrder,
  fulfillmentStatusAfterFulfillment,
  fulfillmentStatusAfterShipment,
  paymentStatusAfterCapture,
  paymentStatusAfterRefund,
} from './order-status';

const at = new Date('2026-01-01T00:00:00Z');

describe('payment_status after a capture (reference 1.2)', () => {
  it.each([
    ['every payment captured', [{ captured_at: at }, { captured_at: at }], 'captured'],
    ['one payment left uncaptured (its provider refused)', [{ captured_at: at }, { captured_at: null }], 'requires_action'],
    ['an order without payments', [], 'captured'],
  ])('%s → %s', (_case, payments, expected) => {
    expect(paymentStatusAfterCapture(payments as Array<{ captured_at: Date | null }>)).toBe(expected);
  });
});

describe('payment_status after an order refund (reference 1.2)', () => {
  it.each([
    ['1000 of 5875 refunded', { paid_total: 5875, refunded_total: 1000, refundable_amount: 4875 }, 'partially_refunded'],
    ['all of 5875 refunded', { paid_total: 5875, refunded_total: 5875, refundable_amount: 0 }, 'refunded'],
    ['a refund of 0', { paid_total: 5875, refunded_total: 0, refundable_amount: 5875 }, 'captured'],
    ['nothing paid', { paid_total: 0, refunded_total: 0, refundable_amount: 0 }, 'captured'],
  ])('%s → %s', (_case, totals, expected) => {
    expect(paymentStatusAfterRefund('captured', totals)).toBe(expected);
  });
});

describe('which capture hands over what was sold', () => {
  it.each([
    ['awaiting', 'captured', true],
    ['requires_action', 'captured', true],
    ['awaiting', 'requires_action', false],
    ['captured', 'captured', false],
    ['partially_refunded', 'captured', false],
  ] as const)('%s → %s: %s', (before, after, expected) => {
    expect(capturePaysOrder(before, after)).toBe(expected);
  });
});

describe('fulfillment_status (reference 1.3)', () => {
  const line = (quantity: number, fulfilled: number | null, shipped: number | null = null) => ({
    quantity,
    fulfilled_quantity: fulfilled,
    shipped_quantity: shipped,
  });

  it('is fulfilled only when every line is fully fulfilled; a line never fulfilled (null) counts as not', () => {
    expect(fulfillmentStatusAfterFulfillment([line(2, 2), line(1, 1)])).toBe('fulfilled');
    expect(fulfillmentStatusAfterFulfillment([line(2, 1), line(1, 1)])).toBe('partially_fulfilled');
    expect(fulfillmentStatusAfterFulfillment([line(2, 2), line(1, null)])).toBe('partially_fulfilled');
  });

  it('is shipped only when every line is fully shipped', () => {
    expect(fulfillmentStatusAfterShipment([line(2, 2, 2), line(1, 1, 1)])).toBe('shipped');
    expect(fulfillmentStatusAfterShipment([line(2, 2, 2), line(1, 1, null)])).toBe('partially_shipped');
  });
});

import type { FulfillmentStatus, PaymentStatus } from './order.entity';

/**
 * The status machines of an order after checkout, as Medusa 1.20 runs them (reference
 * section 1). Statuses are plain columns set by the operations; nothing recomputes them
 * later, so each function says what one operation leaves.
 */

/** After a capture: captured when every payment is (an order without payments too), else requires_action. */
export function paymentStatusAfterCapture(payments: ReadonlyArray<{ captured_at: Date | null }>): PaymentStatus {
  return payments.every((p) => p.captured_at !== null) ? 'captured' : 'requires_action';
}

/**
 * After an order refund: partially_refunded while something is left to refund,
 * refunded once everything paid is refunded, otherwise unchanged.
 */
export function paymentStatusAfterRefund(
  current: PaymentStatus,
  totals: { paid_total: number; refunded_total: number; refundable_amount: number },
): PaymentStatus {
  if (totals.paid_total > 0 && totals.refunded_total === totals.paid_total) return 'refunded';
  if (totals.refunded_total > 0 && totals.refundable_amount > 0) return 'partially_refunded';
  return current;
}

/** Whether a capture hands over what the order sold (gift cards): the first time its payment becomes captured. */
export function capturePaysOrder(before: PaymentStatus, after: PaymentStatus): boolean {
  return after === 'captured' && (before === 'not_paid' || before === 'awaiting' || before === 'requires_action');
}

type Line = { quantity: number; fulfilled_quantity: number | null; shipped_quantity: number | null };

/** After a fulfilment: fulfilled when every line is fully fulfilled (a line never fulfilled counts as not), else partially_fulfilled. */
export function fulfillmentStatusAfterFulfillment(lines: readonly Line[]): FulfillmentStatus {
  return lines.every((l) => l.fulfilled_quantity === l.quantity) ? 'fulfilled' : 'partially_fulfilled';
}

/** After a shipment: shipped when every line is fully shipped, else partially_shipped. */
export function fulfillmentStatusAfterShipment(lines: readonly Line[]): FulfillmentStatus {
  return lines.every((l) => l.shipped_quantity === l.quantity) ? 'shipped' : 'partially_shipped';
}

/**
 * Round trips to PostgreSQL per cart write: the most statements each request may send,
 * BEGIN/COMMIT and the idempotency key's included. Each one costs about 0.2-0.4 ms of CPU
 * on the 2-core machine the performance targets are set for, and the cart writes are bound
 * by them (docs/performance.md). A change that lowers a count should lower its budget here;
 * one that raises it must say why in its commit.
 * Checked by test/e2e/store/cart-write-round-trips.e2e-spec.ts.
 */
export const ROUND_TRIP_BUDGETS = {
  /** POST /store/carts without items, once the region's tree is cached (its cart.created event is written by the same INSERT statement). */
  createCart: 1,
  /** The same for the first cart after a region change: the region tree is read again (exact). */
  createCartAfterRegionChange: 2,
  /**
   * POST /store/carts/:id/line-items adding a new line. The line's INSERT and Medusa's
   * cart.updated event ride in the recalculation's first statement (no round trip of their
   * own; LineItemsService.addLeavingInsert, CartChange.items).
   */
  addNewLine: 7,
  /** The same variant again: merged into the existing line (its UPDATE is its own statement: the recalculation's statement updates lines too). */
  addMergedLine: 8,
  /** POST /store/carts/:id with a discount code. */
  applyDiscountCode: 10,
  /** POST /store/carts/:id/shipping-methods. Medusa's cart.updated event rides in the method's own statement (no round trip of its own). */
  addShippingMethod: 6,
  /** POST /store/carts/:id/payment-sessions. */
  createPaymentSessions: 7,
  /**
   * POST /store/carts/:id with a new guest email and a shipping address. 9, not 8: Medusa's
   * cart.customer_updated and cart.updated events, both written by one outbox INSERT.
   */
  setGuestEmailAndAddress: 9,
  /** POST /store/carts/:id/complete (the order.placed event, and gift_card.created per card bought, ride in the cart's closing statement). */
  completeCart: 12,
} as const;

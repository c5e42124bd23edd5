/**
 * Round trips to PostgreSQL per cart write: the most statements each request may send,
 * BEGIN/COMMIT and the idempotency key's included. Each one costs about 0.2-0.4 ms of CPU
 * on the 2-core machine the performance targets are set for, and the cart writes are bound
 * by them (docs/performance.md). A change that lowers a count should lower its budget here;
 * one that raises it must say why in its commit.
 * Checked by test/e2e/store/cart-write-round-trips.e2e-spec.ts.
 * Every tax computation of a cart with lines or methods reads the region's tax-rate
 * overrides (one statement, CartTotalsService.computeTaxLines): +1 on each write below
 * but the empty cart's, +2 on payment sessions (their amount and the answer each compute taxes).
 * A line's price reads the variant's candidate prices with their price lists (one statement,
 * candidatePrices): +1 on adding or re-pricing a line. A change of customer reads the new
 * customer's groups (customer-group price lists re-price the lines only when a group is
 * involved): +1 on setting a guest email.
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
  addNewLine: 9,
  /** The same variant again: merged into the existing line (its UPDATE is its own statement: the recalculation's statement updates lines too). */
  addMergedLine: 10,
  /** POST /store/carts/:id with a discount code. */
  applyDiscountCode: 11,
  /** POST /store/carts/:id/shipping-methods. Medusa's cart.updated event rides in the method's own statement (no round trip of its own). */
  addShippingMethod: 7,
  /** POST /store/carts/:id/payment-sessions. */
  createPaymentSessions: 9,
  /**
   * POST /store/carts/:id with a new guest email and a shipping address. 9, not 8: Medusa's
   * cart.customer_updated and cart.updated events, both written by one outbox INSERT.
   */
  setGuestEmailAndAddress: 11,
  /** POST /store/carts/:id/complete (the order.placed event, and gift_card.created per card bought, ride in the cart's closing statement). */
  completeCart: 13,
} as const;

import { ArrayMaxSize } from 'class-validator';

/**
 * The most entries a client may send in one list. Medusa v1 documents no limits; these
 * are far above what its admin and storefront send, and keep one request's work (rows
 * looked up, statements run, the size of an `= ANY($1)` parameter) bounded.
 */
export const LIST_LIMITS = {
  /** Values of one query-string filter: `id[]`, `tags[]`, `status[]` ... */
  queryFilter: 500,
  /** Ids or references in one request body: batch resources, a discount's regions. */
  batch: 1000,
  /** Discount or gift card codes sent with one cart or draft order. */
  codes: 100,
  /** Line items sent with one new cart. */
  cartItems: 100,
  /** Line items one cart (or draft order) may hold: adding a new line beyond it is refused. */
  cartLines: 200,
  /** Conditions sent with one discount. */
  conditions: 100,
} as const;

/** A list property of at most `max` entries: beyond it, a 400 invalid_data naming the property and the limit. */
export function MaxEntries(max: number): PropertyDecorator {
  return ArrayMaxSize(max, { message: `$property must not have more than ${max} entries` });
}

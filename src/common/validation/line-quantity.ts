import { Max } from 'class-validator';

/**
 * The largest quantity one line of a cart, draft order or order may hold. Far above what
 * a shop sells in one line, and it bounds the work one checkout can ask for (stock
 * checks, gift cards issued: one per unit) whatever number a client sends.
 */
export const MAX_LINE_QUANTITY = 10_000;

/** A line quantity: above MAX_LINE_QUANTITY, a 400 invalid_data naming the property. */
export function MaxLineQuantity(): PropertyDecorator {
  return Max(MAX_LINE_QUANTITY, { message: `$property must not be greater than ${MAX_LINE_QUANTITY}` });
}

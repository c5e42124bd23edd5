import { includedTaxOf, percentOf, roundHalfUp } from './rounding';
import type { ShippingMethodInput, ShippingMethodTotals } from './types';

/**
 * Totals of one shipping method (medusa-v1-store.md 7.2). Shipping tax is rounded once
 * per method, over the sum of its tax lines:
 *   tax-exclusive: tax = round(Σ price × rate / 100);           subtotal = price; total = price + tax
 *   tax-inclusive: tax = round(Σ price × rate / (100 + rate));  subtotal = price − tax; total = price
 *   original_total / original_tax_total = total / tax of the price as stored.
 * A method without tax lines has no tax (its includes_tax flag is then irrelevant).
 * With free shipping every figure is 0, `price` included: Medusa writes 0 into the method's
 * price while a free-shipping discount is on the cart, so its original_* are 0 as well.
 * Here the stored price is kept (removing the discount needs no re-pricing) and the
 * answer's `price` is this one.
 */
export function calculateShippingMethodTotals(method: ShippingMethodInput, freeShipping: boolean): ShippingMethodTotals {
  const { price, tax_lines } = method;
  const inclusive = method.includes_tax && tax_lines.length > 0;
  const rawTax = tax_lines.reduce((sum, line) => sum + (inclusive ? includedTaxOf(price, line.rate) : percentOf(price, line.rate)), 0);
  const tax = roundHalfUp(rawTax);
  const subtotal = inclusive ? price - tax : price;
  const total = subtotal + tax;

  if (freeShipping) {
    return { price: 0, subtotal: 0, tax_total: 0, total: 0, original_total: 0, original_tax_total: 0 };
  }
  return { price, subtotal, tax_total: tax, total, original_total: total, original_tax_total: tax };
}

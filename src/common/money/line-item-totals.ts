import { includedTaxOf, percentOf, roundHalfUp } from './rounding';
import type { LineItemInput, LineItemTotals, TaxLineInput } from './types';

/** Σ round(amount × rateᵢ / 100): item tax is rounded once per tax line (Medusa v1). */
function taxPerTaxLine(amount: number, taxLines: readonly TaxLineInput[]): number {
  return taxLines.reduce((sum, line) => sum + roundHalfUp(percentOf(amount, line.rate)), 0);
}

function sumRates(taxLines: readonly TaxLineInput[]): number {
  return taxLines.reduce((sum, line) => sum + line.rate, 0);
}

/**
 * Totals of one line item, with Medusa v1's formulas (medusa-v1-store.md 7.1).
 *
 * Tax-exclusive line (the default):
 *   subtotal           = unit_price × quantity
 *   tax_total          = Σ per tax line round((subtotal − raw discount) × rate / 100)
 *   original_tax_total = the same without the discount
 * Tax-inclusive line (`includes_tax` with at least one tax line), R = Σ rates:
 *   included per unit  = round(unit_price × R / (100 + R))
 *   taxable            = (unit_price − included per unit) × quantity − raw discount
 *   tax_total          = Σ per tax line round(taxable × rate / 100)
 *   original_tax_total = the same without the discount
 *   subtotal           = unit_price × quantity − original_tax_total
 * Both:
 *   discount_total     = round(raw discount), unless `discountTotal` is given (calculateTotals
 *                        passes the cart-consistent share, see allocateRounded)
 *   total              = subtotal − discount_total + tax_total
 *   original_total     = subtotal + original_tax_total
 * The tax is computed on the raw (unrounded) discounted amount, as Medusa does.
 *
 * Differences from Medusa v1, all where Medusa loses or invents money:
 *  - A tax-inclusive line without tax lines (taxes not applied) has subtotal
 *    unit_price × quantity and no tax; Medusa reports subtotal 0 for it.
 *  - The raw discount is capped to [0, subtotal] and the taxable amount to ≥ 0, so no
 *    adjustment can make a line negative (Medusa's discount engine already caps its own
 *    adjustments at the line amount; only custom adjustments could exceed it).
 *  - `refundable` (orders) takes the returned units' share of the raw discount and rounds
 *    it once; Medusa rounds the per-unit discount first and multiplies, which can make a
 *    line refund more than was charged (3 units, discount 100: 33 × 3 = 99). With nothing
 *    returned it equals `total`.
 *
 * Within a cart or order use `calculateTotals(...).items[id]`, whose discount_total adds up
 * to the cart's; this function alone rounds the line's discount on its own.
 */
export function calculateLineItemTotals(item: LineItemInput, discountTotal?: number): LineItemTotals {
  const { unit_price, quantity, tax_lines } = item;
  const gross = unit_price * quantity;
  const inclusive = item.includes_tax && tax_lines.length > 0;
  const includedPerUnit = inclusive ? roundHalfUp(includedTaxOf(unit_price, sumRates(tax_lines))) : 0;
  const exclusiveUnitPrice = unit_price - includedPerUnit;
  const taxableBeforeDiscount = exclusiveUnitPrice * quantity;

  const original_tax_total = taxPerTaxLine(taxableBeforeDiscount, tax_lines);
  const subtotal = inclusive ? gross - original_tax_total : gross;

  const adjustmentsSum = item.adjustments.reduce((sum, adjustment) => sum + Number(adjustment.amount), 0);
  const raw_discount_total = Math.min(Math.max(0, adjustmentsSum), Math.max(0, subtotal));
  const discount_total = discountTotal ?? roundHalfUp(raw_discount_total);

  const tax_total = taxPerTaxLine(Math.max(0, taxableBeforeDiscount - raw_discount_total), tax_lines);
  const total = subtotal - discount_total + tax_total;

  return {
    unit_price,
    quantity,
    subtotal,
    discount_total,
    raw_discount_total,
    tax_total,
    total,
    original_total: subtotal + original_tax_total,
    original_tax_total,
    gift_card_total: 0,
    refundable: refundableAmount(item, exclusiveUnitPrice, raw_discount_total, total),
  };
}

/** What refunding the units not yet returned would give back (orders' items[].refundable). */
function refundableAmount(item: LineItemInput, exclusiveUnitPrice: number, rawDiscount: number, lineTotal: number): number {
  const returned = Math.min(Math.max(0, item.returned_quantity ?? 0), item.quantity);
  const units = item.quantity - returned;
  if (units === item.quantity) return lineTotal;
  if (units === 0) return 0;
  const base = exclusiveUnitPrice * units;
  const rawDiscountShare = (rawDiscount * units) / item.quantity;
  return base - roundHalfUp(rawDiscountShare) + taxPerTaxLine(Math.max(0, base - rawDiscountShare), item.tax_lines);
}

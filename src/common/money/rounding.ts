/**
 * The only place where money is rounded. Amounts are integers in minor units; the only
 * fractional inputs are discount adjustments (a fixed discount split over the lines
 * proportionally is stored unrounded, as in Medusa v1) and tax rates (percent, may be
 * decimal, e.g. 7.5).
 *
 * Rules (Medusa v1 uses JavaScript `Math.round` everywhere, so do we):
 *  - Half rounds towards +∞: 112.5 → 113, -0.5 → -0 (negative halves never occur in
 *    practice because discounts are capped at the line amount).
 *  - Before rounding, binary floating-point noise is removed by keeping 15 significant
 *    digits, so an amount that is a half in decimal rounds as a half: 50 × 0.29 evaluates
 *    to 14.499999999999998 in floating point and would round to 14 with a bare
 *    Math.round; we round 14.5 → 15. This can differ from Medusa by one cent in such
 *    cases only; it never changes a result whose decimal value is not exactly on a half.
 *  - Percentages are applied as `amount × rate / 100` (multiply first), which is exact for
 *    integer amounts and rates.
 */

/** Drops floating-point noise below the 15th significant digit. */
export function cleanFloat(value: number): number {
  if (!Number.isFinite(value) || value === 0) return value === 0 ? 0 : value;
  // Most values are whole amounts: below 10^15 they have no noise to drop, and
  // toPrecision (a string round trip) would give them back unchanged.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value;
  return Number(value.toPrecision(15));
}

/** Math.round on the noise-free value: halves go up (towards +∞). */
export function roundHalfUp(value: number): number {
  const rounded = Math.round(cleanFloat(value));
  return rounded === 0 ? 0 : rounded; // never -0
}

/** `amount × ratePercent / 100`, unrounded. */
export function percentOf(amount: number, ratePercent: number): number {
  return (amount * ratePercent) / 100;
}

/** The tax contained in a tax-inclusive `gross` amount at `ratePercent`, unrounded. */
export function includedTaxOf(gross: number, ratePercent: number): number {
  return (gross * ratePercent) / (100 + ratePercent);
}

/**
 * Rounds each raw amount so that the rounded parts add up to the rounded sum
 * (largest-remainder method): every part gets its floor, then the parts with the largest
 * fractions (ties: earlier first) get one more unit until the sum is `roundHalfUp(Σ raw)`.
 *
 * Whenever rounding each part on its own already adds up (Σ round(rᵢ) = round(Σ rᵢ)),
 * the result is exactly `round(rᵢ)` per part; it differs only where per-part rounding
 * would lose or invent units. Raw amounts must be ≥ 0.
 */
export function allocateRounded(raws: readonly number[]): number[] {
  const cleaned = raws.map((raw) => cleanFloat(Math.max(0, raw)));
  const floors = cleaned.map((raw) => Math.floor(raw));
  const target = roundHalfUp(cleaned.reduce((sum, raw) => sum + raw, 0));
  let missing = target - floors.reduce((sum, floor) => sum + floor, 0);
  const byFraction = cleaned
    .map((raw, index) => ({ index, fraction: cleanFloat(raw - floors[index]) }))
    .filter(({ fraction }) => fraction > 0)
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  const result = [...floors];
  for (const { index } of byFraction) {
    if (missing <= 0) break;
    result[index] += 1;
    missing -= 1;
  }
  return result;
}

import { isItemEligible } from './eligibility';
import type { EngineDiscount, EngineLineItem, LineAllocation } from './types';

export function isFreeShipping(discount: EngineDiscount): boolean {
  return discount.rule.type === 'free_shipping';
}

/** A line's undiscounted total in minor units; never negative. */
function lineTotal(item: EngineLineItem): bigint {
  const total = BigInt(Math.trunc(item.unit_price)) * BigInt(Math.trunc(item.quantity));
  return total > 0n ? total : 0n;
}

/**
 * Splits `target` minor units over lines whose exact shares are `numerators[i] / denominator`
 * (shares summing to about `target`) by the largest-remainder method: every line first gets
 * the floor of its share; the cents still missing go one each to the lines with the largest
 * fractional remainders, ties to the earlier line. Each line therefore gets the floor or the
 * ceiling of its exact share, and the amounts sum to `target` exactly.
 */
function largestRemainder(numerators: bigint[], denominator: bigint, target: bigint): bigint[] {
  const amounts = numerators.map((n) => n / denominator);
  let missing = target - amounts.reduce((sum, a) => sum + a, 0n);
  const byRemainder = numerators
    .map((n, index) => ({ index, remainder: n % denominator }))
    .filter((entry) => entry.remainder > 0n)
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing <= 0n) break;
    amounts[index] += 1n;
    missing -= 1n;
  }
  return amounts;
}

function clampPercent(value: number): bigint {
  return BigInt(Math.min(100, Math.max(0, Math.trunc(value))));
}

/**
 * How much of a percentage or fixed discount each eligible line receives, in integer minor
 * units. Lines that would get 0 are left out (no adjustment). Free shipping allocates nothing.
 *
 * - percentage: the discount total is `round(S × value / 100)` (half up), S the sum of the
 *   eligible lines' totals; each line gets the floor or ceiling of `line × value / 100`.
 *   `allocation` is ignored, as in Medusa. 100 % gives every line exactly its total.
 * - fixed, allocation `item`: `value × quantity` per line, capped at the line's total.
 * - fixed, allocation `total` (or null): the total is `min(value, S)`, split in proportion
 *   to the line totals over the eligible lines only (Medusa also counted lines the
 *   conditions exclude, losing their share); each line gets floor or ceiling of its share.
 *
 * Rounding remainders go to the lines with the largest fractional share, ties to the
 * earlier line in `items`, so the result is deterministic and sums exactly to the total.
 * No line ever gets more than its own `unit_price × quantity`.
 */
export function allocateDiscount(discount: EngineDiscount, items: EngineLineItem[]): LineAllocation[] {
  if (isFreeShipping(discount)) return [];
  const eligible = items.filter((item) => isItemEligible(discount, item) && lineTotal(item) > 0n);
  if (eligible.length === 0) return [];
  const totals = eligible.map(lineTotal);
  const sum = totals.reduce((s, t) => s + t, 0n);
  const value = BigInt(Math.max(0, Math.trunc(discount.rule.value)));

  let amounts: bigint[];
  if (discount.rule.type === 'percentage') {
    const percent = clampPercent(discount.rule.value);
    const target = (sum * percent + 50n) / 100n;
    amounts = largestRemainder(
      totals.map((t) => t * percent),
      100n,
      target,
    );
  } else if (discount.rule.allocation === 'item') {
    amounts = eligible.map((item, i) => {
      const perLine = value * BigInt(Math.max(0, Math.trunc(item.quantity)));
      return perLine < totals[i] ? perLine : totals[i];
    });
  } else {
    const target = value < sum ? value : sum;
    amounts = largestRemainder(
      totals.map((t) => t * target),
      sum,
      target,
    );
  }

  return eligible.map((item, i) => ({ item_id: item.id, amount: Number(amounts[i]) })).filter((allocation) => allocation.amount > 0);
}

import { ApiError } from '../../common/errors/api-error';
import type { DiscountRuleType } from './discount-rule.entity';

/**
 * The invariants of a discount that do not need the database. Each throws a 400
 * invalid_data before anything is written.
 */

/** Percentages are 0..100; no rule takes a negative value. */
export function assertRuleValue(type: DiscountRuleType, value: number): void {
  if (value < 0) throw ApiError.invalid('Discount value must not be negative');
  if (type === 'percentage' && value > 100) {
    throw ApiError.invalid('Discount value above 100 is not allowed when type is percentage');
  }
}

/** A fixed amount is in one currency, so a fixed discount serves one region at most. */
export function assertFixedRegionCount(type: DiscountRuleType, regionCount: number): void {
  if (type === 'fixed' && regionCount > 1) throw ApiError.invalid('Fixed discounts can have one region');
}

export function assertDateOrder(startsAt: Date | null | undefined, endsAt: Date | null | undefined): void {
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    throw ApiError.invalid('"ends_at" must be greater than "starts_at"');
  }
}

/** A limit below the uses already made would make the discount row invalid. */
export function assertUsageLimitCovers(usageLimit: number | null | undefined, usageCount: number): void {
  if (usageLimit !== undefined && usageLimit !== null && usageLimit < usageCount) {
    throw ApiError.invalid(`usage_limit must not be less than the discount's usage_count (${usageCount})`);
  }
}

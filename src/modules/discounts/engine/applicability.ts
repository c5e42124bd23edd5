import { ApiError } from '../../../common/errors/api-error';
import { addIsoDuration, parseIsoDuration } from './iso-duration';
import type { EngineCondition, EngineContext, EngineDiscount } from './types';

/**
 * The moment a discount stops being usable, or null when it never does: the earlier of
 * `ends_at` and, for a dynamic discount with a `valid_duration`, the duration counted from
 * when the code became valid (its creation, or a later `starts_at`).
 */
export function discountExpiresAt(discount: EngineDiscount): Date | null {
  let expiresAt = discount.ends_at;
  if (discount.is_dynamic && discount.valid_duration && parseIsoDuration(discount.valid_duration)) {
    const validFrom = discount.starts_at > discount.created_at ? discount.starts_at : discount.created_at;
    const durationEnd = addIsoDuration(validFrom, discount.valid_duration);
    if (!expiresAt || durationEnd < expiresAt) expiresAt = durationEnd;
  }
  return expiresAt;
}

function customerGroupConditions(discount: EngineDiscount): EngineCondition[] {
  return discount.rule.conditions.filter((condition) => condition.type === 'customer_groups');
}

function customerSatisfies(condition: EngineCondition, groupIds: readonly string[]): boolean {
  const member = groupIds.some((id) => condition.resource_ids.includes(id));
  return condition.operator === 'in' ? member : !member;
}

/**
 * Throws the first reason, in Medusa v1's order and with its messages, why `discount`
 * cannot be applied to a cart described by `ctx`:
 * 1. usage limit reached, 2. not started, 3. expired (ends_at or dynamic valid_duration),
 * 4. disabled, 5. customer-group condition without a customer, 6. region not allowed
 * (invalid_data), 7. customer-group conditions not met. All but 6 are not_allowed.
 * Product conditions are not checked here: they only decide which lines are discounted.
 */
export function assertDiscountApplicable(discount: EngineDiscount, ctx: EngineContext): void {
  const { code } = discount;
  if (discount.usage_limit !== null && discount.usage_count >= discount.usage_limit) {
    throw ApiError.notAllowed(`Discount ${code} has been used maximum allowed times`);
  }
  if (discount.starts_at.getTime() > ctx.now.getTime()) {
    throw ApiError.notAllowed(`Discount ${code} is not valid yet`);
  }
  const expiresAt = discountExpiresAt(discount);
  if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) {
    throw ApiError.notAllowed(`Discount ${code} is expired`);
  }
  if (discount.is_disabled) {
    throw ApiError.notAllowed(`The discount code ${code} is disabled`);
  }
  const groupConditions = customerGroupConditions(discount);
  if (groupConditions.length > 0 && ctx.customer_id === null) {
    throw ApiError.notAllowed(`Discount ${code} is only valid for specific customer`);
  }
  if (!discount.region_ids.includes(ctx.region_id)) {
    throw ApiError.invalid('The discount is not available in current region');
  }
  if (!groupConditions.every((condition) => customerSatisfies(condition, ctx.customer_group_ids))) {
    throw ApiError.notAllowed(`Discount ${code} is not valid for customer`);
  }
}

import type { EngineCondition, EngineDiscount, EngineLineItem } from './types';

/** The item's resource ids a condition of this type looks at. */
function itemResourceIds(condition: EngineCondition, item: EngineLineItem): string[] {
  switch (condition.type) {
    case 'products':
      return item.product_id ? [item.product_id] : [];
    case 'product_types':
      return item.product_type_id ? [item.product_type_id] : [];
    case 'product_collections':
      return item.product_collection_id ? [item.product_collection_id] : [];
    case 'product_tags':
      return item.product_tag_ids;
    case 'customer_groups':
      return [];
  }
}

function itemSatisfies(condition: EngineCondition, item: EngineLineItem): boolean {
  if (condition.type === 'customer_groups') return true; // a cart-level condition, see assertDiscountApplicable
  const matches = itemResourceIds(condition, item).some((id) => condition.resource_ids.includes(id));
  return condition.operator === 'in' ? matches : !matches;
}

/**
 * Whether a line can receive this discount: it must allow discounts, not be a gift card,
 * come from a product (custom lines never are discounted, as in Medusa), and meet every
 * product, type, collection and tag condition of the rule (`in`: the item has one of the
 * ids; `not_in`: it has none; an item without a type/collection is "not in" any list).
 */
export function isItemEligible(discount: EngineDiscount, item: EngineLineItem): boolean {
  if (!item.allow_discounts || item.is_giftcard || !item.product_id) return false;
  return discount.rule.conditions.every((condition) => itemSatisfies(condition, item));
}

import type { EngineCondition, EngineDiscount, EngineLineItem } from './types';

/** Test builders: a live percentage discount usable in region reg_1, and a discountable line. */
export function discount(overrides: Partial<Omit<EngineDiscount, 'rule'>> & { rule?: Partial<EngineDiscount['rule']> } = {}): EngineDiscount {
  const { rule, ...rest } = overrides;
  return {
    id: 'disc_1',
    code: 'TEN',
    is_disabled: false,
    is_dynamic: false,
    starts_at: new Date('2024-01-01T00:00:00Z'),
    ends_at: null,
    valid_duration: null,
    created_at: new Date('2024-01-01T00:00:00Z'),
    usage_limit: null,
    usage_count: 0,
    region_ids: ['reg_1'],
    ...rest,
    rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [], ...rule },
  };
}

export function item(id: string, unit_price: number, quantity = 1, overrides: Partial<EngineLineItem> = {}): EngineLineItem {
  return {
    id,
    unit_price,
    quantity,
    allow_discounts: true,
    is_giftcard: false,
    product_id: `prod_${id}`,
    product_type_id: null,
    product_collection_id: null,
    product_tag_ids: [],
    ...overrides,
  };
}

export function condition(type: EngineCondition['type'], operator: EngineCondition['operator'], resource_ids: string[]): EngineCondition {
  return { type, operator, resource_ids };
}

import type { ListSpec } from '../../common/query/list-spec';
import { DISCOUNT_ALLOWED_RELATIONS, DISCOUNT_DEFAULT_RELATIONS } from './discount-lookup';
import { Discount } from './discount.entity';

/** `GET /admin/discounts`; the rule's filters arrive as `rule_type` and `rule_allocation` (see DiscountsService.list). */
export const ADMIN_DISCOUNT_LIST: ListSpec<Discount> = {
  entity: Discount,
  alias: 'discount',
  query: { entity: Discount, defaultRelations: DISCOUNT_DEFAULT_RELATIONS, allowedRelations: DISCOUNT_ALLOWED_RELATIONS, defaultLimit: 20, maxLimit: 1000 },
  filters: {
    is_dynamic: { op: 'equals' },
    is_disabled: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    rule_type: { op: 'sql', sql: 'EXISTS (SELECT 1 FROM discount_rule r WHERE r.id = {a}.rule_id AND r.type = :value)' },
    rule_allocation: { op: 'sql', sql: 'EXISTS (SELECT 1 FROM discount_rule r WHERE r.id = {a}.rule_id AND r.allocation = :value)' },
  },
  q: { columns: ['code'] },
  relationLoad: 'json-tree',
  // No filter: the live discounts, which the database keeps counted.
  count: { tally: 'discount' },
};

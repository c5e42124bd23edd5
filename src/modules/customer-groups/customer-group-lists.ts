import type { ListSpec } from '../../common/query/list-spec';
import { CustomerGroup } from './customer-group.entity';

/** What `expand` may name on a customer group. */
export const CUSTOMER_GROUP_RELATIONS = ['customers'];

/** `GET /admin/customer-groups`. */
export const ADMIN_CUSTOMER_GROUP_LIST: ListSpec<CustomerGroup> = {
  entity: CustomerGroup,
  alias: 'customer_group',
  query: { entity: CustomerGroup, defaultLimit: 10, maxLimit: 1000, defaultRelations: [], allowedRelations: CUSTOMER_GROUP_RELATIONS },
  filters: {
    id: { op: 'anyOf' },
    name: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    // Written by the discounts module: a condition's customer groups.
    discount_condition_id: {
      op: 'sql',
      sql: '{a}.id IN (SELECT dccg.customer_group_id FROM discount_condition_customer_group dccg WHERE dccg.condition_id = :value)',
    },
  },
  q: { columns: ['name'] },
  relationLoad: 'query',
};

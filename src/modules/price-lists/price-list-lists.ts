import type { ListSpec } from '../../common/query/list-spec';
import { PriceList } from './price-list.entity';

/** What a single price list answers with (Medusa's defaultAdminPriceListRelations, prices read apart). */
export const PRICE_LIST_RELATIONS = ['customer_groups'];

/**
 * `GET /admin/price-lists`: no default relations, limit 10; `q` on name, description or a
 * customer group's name; `customer_groups[]` lists linked to any of them.
 */
export const ADMIN_PRICE_LIST_LIST: ListSpec<PriceList> = {
  entity: PriceList,
  alias: 'price_list',
  query: { entity: PriceList, defaultLimit: 10, maxLimit: 1000, defaultRelations: [], allowedRelations: ['customer_groups'], isList: true },
  filters: {
    id: { op: 'equals' },
    name: { op: 'equals' },
    description: { op: 'equals' },
    status: { op: 'anyOf' },
    type: { op: 'anyOf' },
    customer_groups: {
      op: 'sql',
      sql: 'EXISTS (SELECT 1 FROM price_list_customer_groups plcg WHERE plcg.price_list_id = {a}.id AND plcg.customer_group_id IN (:...value))',
    },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    deleted_at: { op: 'dates' },
  },
  q: {
    sql: `({a}.name ILIKE :q OR {a}.description ILIKE :q OR EXISTS (SELECT 1 FROM price_list_customer_groups qg JOIN customer_group cg ON cg.id = qg.customer_group_id WHERE qg.price_list_id = {a}.id AND cg.name ILIKE :q))`,
  },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'query',
};

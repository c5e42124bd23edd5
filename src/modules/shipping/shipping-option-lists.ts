import type { ListSpec } from '../../common/query/list-spec';
import { ShippingOption } from './shipping-option.entity';

/** An admin shipping option's relations (Medusa's defaultAdminShippingOptionRelations). */
export const ADMIN_SHIPPING_OPTION_RELATIONS = ['region', 'profile', 'requirements'];

/** `GET /admin/shipping-options`: admin-only and return options included; `q` searches the name. */
export const ADMIN_SHIPPING_OPTION_LIST: ListSpec<ShippingOption> = {
  entity: ShippingOption,
  alias: 'shipping_option',
  query: {
    entity: ShippingOption,
    defaultLimit: 50,
    maxLimit: 1000,
    defaultRelations: ADMIN_SHIPPING_OPTION_RELATIONS,
    allowedRelations: ADMIN_SHIPPING_OPTION_RELATIONS,
    isList: true,
  },
  filters: {
    id: { op: 'equals' },
    name: { op: 'equals' },
    region_id: { op: 'equals' },
    is_return: { op: 'equals' },
    admin_only: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    deleted_at: { op: 'dates' },
  },
  q: { columns: ['name'] },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
};

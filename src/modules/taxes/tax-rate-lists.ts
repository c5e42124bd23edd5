import type { ListSpec } from '../../common/query/list-spec';
import { TaxRate } from './tax-rate.entity';

/** A tax rate's relations (any of them may be expanded, none is by default: Medusa's tax rate routes). */
export const TAX_RATE_RELATIONS = ['products', 'product_types', 'shipping_options', 'region'];

/** Medusa's default select of a tax rate: no metadata. */
export const TAX_RATE_COLUMNS = ['id', 'rate', 'code', 'name', 'region_id', 'created_at', 'updated_at'];

/** `GET /admin/tax-rates`: `q` searches the name, newest first. */
export const ADMIN_TAX_RATE_LIST: ListSpec<TaxRate> = {
  entity: TaxRate,
  alias: 'tax_rate',
  query: { entity: TaxRate, defaultRelations: [], allowedRelations: TAX_RATE_RELATIONS, defaultLimit: 50, maxLimit: 1000, isList: true },
  columns: TAX_RATE_COLUMNS,
  filters: {
    region_id: { op: 'anyOf' },
    name: { op: 'equals' },
    code: { op: 'equals' },
    rate: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
  },
  q: { columns: ['name'] },
  tieBreaker: 'ASC',
  relationLoad: 'query',
};

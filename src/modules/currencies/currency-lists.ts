import type { ListSpec } from '../../common/query/list-spec';
import { Currency } from './currency.entity';

/** `GET /admin/currencies`: by rank unless `order` says otherwise. */
export const ADMIN_CURRENCY_LIST: ListSpec<Currency> = {
  entity: Currency,
  alias: 'currency',
  query: { entity: Currency, defaultLimit: 20, maxLimit: 200, allowedRelations: [], defaultOrder: {} },
  filters: { code: { op: 'lowered' }, includes_tax: { op: 'equals' } },
  q: { columns: ['code', 'name'] },
  defaultOrder: { rank: 'ASC' },
  relationLoad: 'query',
};

import type { ListSpec } from '../../common/query/list-spec';
import { CUSTOMER_RELATIONS } from './customer-relations';
import { Customer } from './customer.entity';

/** The columns `q` searches, each with a trigram index (the search asks it for the uncommon part of `q`). */
export const CUSTOMER_SEARCH_COLUMNS = ['email', 'first_name', 'last_name'];

/** `GET /admin/customers` (and a group's customers, `groups` set). */
export const ADMIN_CUSTOMER_LIST: ListSpec<Customer> = {
  entity: Customer,
  alias: 'customer',
  query: { entity: Customer, defaultLimit: 50, maxLimit: 1000, defaultRelations: [], allowedRelations: CUSTOMER_RELATIONS },
  filters: {
    has_account: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    groups: { op: 'sql', sql: '{a}.id IN (SELECT cgc.customer_id FROM customer_group_customers cgc WHERE cgc.customer_group_id IN (:...value))' },
  },
  q: { columns: CUSTOMER_SEARCH_COLUMNS },
  relationLoad: 'query',
  // A search is selective and costly: the page's statement counts it too. No filter: the live customers, counted by the database.
  count: { searched: 'window', tally: 'customer' },
};

import type { ListFilter, ListSpec } from '../../common/query/list-spec';
import { Order } from './order.entity';
import {
  ADMIN_ORDER_ALLOWED_RELATIONS,
  ADMIN_ORDER_COMPUTED_FIELDS,
  ADMIN_ORDER_RELATIONS,
  ALLOWED_ORDER_RELATIONS,
  CUSTOMER_ORDERS_KEPT_WITH_FIELDS,
  STORE_ORDER_ALLOWED_RELATIONS,
  STORE_ORDER_DEFAULT_RELATIONS,
} from './order-relations';

/** The filters Medusa's admin and customer order lists share (FilterableOrderProps). */
const ORDER_FILTERS: Record<string, ListFilter> = {
  id: { op: 'equals' },
  display_id: { op: 'equals' },
  cart_id: { op: 'equals' },
  customer_id: { op: 'equals' },
  tax_rate: { op: 'equals' },
  email: { op: 'lowered' },
  currency_code: { op: 'lowered' },
  status: { op: 'anyOf' },
  fulfillment_status: { op: 'anyOf' },
  payment_status: { op: 'anyOf' },
  created_at: { op: 'dates' },
  updated_at: { op: 'dates' },
  canceled_at: { op: 'dates' },
};

/**
 * The page's ids only: the lists read the page's orders again in one JSON-tree statement
 * with their totals (OrdersService.retrieveManyWithTotals).
 */
const ORDER_PAGE = { entity: Order, alias: 'o', columns: ['id'], tieBreaker: 'DESC', relationLoad: 'none' } as const;

/** `GET /admin/orders`. */
export const ADMIN_ORDER_LIST: ListSpec<Order> = {
  ...ORDER_PAGE,
  query: {
    entity: Order,
    defaultRelations: ADMIN_ORDER_RELATIONS,
    allowedRelations: ADMIN_ORDER_ALLOWED_RELATIONS,
    computedFields: ADMIN_ORDER_COMPUTED_FIELDS,
    defaultLimit: 50,
    maxLimit: 1000,
    onlyRequestedTotals: true,
    isList: true,
  },
  filters: { ...ORDER_FILTERS, region_id: { op: 'anyOf' }, sales_channel_id: { op: 'anyOf' } },
  // Medusa's fields: display id, email, the shipping address's first name, the customer's names and phone.
  // The matches of each column, united (trigram index scans; migration OrderSearchIndexes),
  // rather than the same conditions OR-ed with EXISTS: PostgreSQL could then only test
  // every order in turn (1 000 000 orders: 88 654 buffers against about 700).
  q: {
    sql: `{a}.id IN (
          SELECT qo.id FROM "order" qo WHERE qo.display_id::text ILIKE :q OR qo.email ILIKE :q
          UNION ALL SELECT qa.id FROM "order" qa JOIN address a ON a.id = qa.shipping_address_id WHERE a.first_name ILIKE :q
          UNION ALL SELECT qc.id FROM "order" qc JOIN customer c ON c.id = qc.customer_id WHERE c.first_name ILIKE :q OR c.last_name ILIKE :q OR c.phone ILIKE :q)`,
  },
  count: { searched: 'window' },
};

/** `GET /store/customers/me/orders`: one customer's orders (`customer_id` is always given). */
export const CUSTOMER_ORDER_LIST: ListSpec<Order> = {
  ...ORDER_PAGE,
  query: {
    entity: Order,
    defaultLimit: 10,
    maxLimit: 1000,
    // Medusa 1.20 lists a customer's orders with the store order routes' default relations.
    defaultRelations: STORE_ORDER_DEFAULT_RELATIONS,
    allowedRelations: [...new Set([...ALLOWED_ORDER_RELATIONS, ...STORE_ORDER_ALLOWED_RELATIONS])],
    computedFields: ADMIN_ORDER_COMPUTED_FIELDS,
    keptWithFields: CUSTOMER_ORDERS_KEPT_WITH_FIELDS,
    totalsOnlyWhenNamed: true,
    isList: true,
  },
  filters: { ...ORDER_FILTERS, region_id: { op: 'equals' } },
  // A customer's orders are few: the same columns as the admin's search, OR-ed.
  q: {
    sql: `{a}.display_id::text ILIKE :q OR {a}.email ILIKE :q
          OR EXISTS (SELECT 1 FROM address a WHERE a.id = {a}.shipping_address_id AND a.first_name ILIKE :q)
          OR EXISTS (SELECT 1 FROM customer c WHERE c.id = {a}.customer_id AND (c.first_name ILIKE :q OR c.last_name ILIKE :q OR c.phone ILIKE :q))`,
  },
};

import type { ListSpec } from '../../common/query/list-spec';
import { DraftOrder } from './draft-order.entity';

/** What a draft list shows by default: the plain cart with its lines (no totals), and the order. */
const DRAFT_ORDER_LIST_RELATIONS = ['order', 'cart', 'cart.items', 'cart.items.adjustments'];

/** What `expand` may name on the draft list. */
const DRAFT_ORDER_LIST_ALLOWED_RELATIONS = [
  ...DRAFT_ORDER_LIST_RELATIONS,
  'cart.region',
  'cart.customer',
  'cart.shipping_address',
  'cart.billing_address',
  'cart.shipping_methods',
  'cart.discounts',
];

/** `GET /admin/draft-orders`: `q` matches the cart's email (case-insensitive) or the display id as text. */
export const ADMIN_DRAFT_ORDER_LIST: ListSpec<DraftOrder> = {
  entity: DraftOrder,
  alias: 'draft',
  query: { entity: DraftOrder, defaultLimit: 50, defaultRelations: DRAFT_ORDER_LIST_RELATIONS, allowedRelations: DRAFT_ORDER_LIST_ALLOWED_RELATIONS },
  filters: { status: { op: 'equals' }, created_at: { op: 'dates' }, updated_at: { op: 'dates' } },
  q: { sql: 'CAST({a}.display_id AS text) ILIKE :q OR EXISTS (SELECT 1 FROM cart c WHERE c.id = {a}.cart_id AND c.email ILIKE :q)' },
  relationLoad: 'json-tree',
};

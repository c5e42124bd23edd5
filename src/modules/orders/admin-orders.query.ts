import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { dateOperator, escapeLike, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetOrdersParams } from './dto/admin-orders.dto';
import { Order } from './order.entity';
import { OrdersService } from './orders.service';

/** Medusa's defaultAdminOrdersRelations (top level and what this service has below it), with `sales_channel`. */
export const ADMIN_ORDER_RELATIONS = [
  'billing_address',
  'claims',
  'customer',
  'discounts',
  'discounts.rule',
  'fulfillments',
  'fulfillments.items',
  'fulfillments.tracking_links',
  'gift_card_transactions',
  'gift_cards',
  'items',
  'payments',
  'refunds',
  'region',
  'returns',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'shipping_methods.tax_lines',
  'swaps',
  'sales_channel',
];

/**
 * Relations of Medusa's admin orders this service has no rows for: returns, claims, swaps
 * and order edits are not part of it, so an order always has none (Medusa's answer for an
 * order that was never returned or changed).
 */
const EMPTY_ORDER_RELATIONS = ['returns', 'claims', 'swaps', 'edits'] as const;

/**
 * The relations of an admin order that are loaded from the database: the requested ones
 * minus those above, and with the items (or returnable items) their variant and its
 * product, which Medusa's line item and variant entities load eagerly.
 */
function loadableOrderRelations(relations: readonly string[]): string[] {
  const empty = new Set<string>(EMPTY_ORDER_RELATIONS);
  const loadable = relations.filter((r) => !empty.has(r.split('.')[0]) && r !== 'returnable_items' && r !== 'gift_card_transactions');
  if (relations.includes('items') || relations.includes('returnable_items')) loadable.push('items', 'items.variant', 'items.variant.product');
  if (relations.includes('fulfillments')) loadable.push('fulfillments.items'); // always loaded with a fulfilment, as in Medusa
  return [...new Set(loadable)];
}

/** An order as Medusa's admin answers it by default (also the order a draft's payment places). */
export async function retrieveAdminOrder(orders: OrdersService, id: string, relations: readonly string[] = ADMIN_ORDER_RELATIONS): Promise<Order> {
  return asAdminOrder(await orders.retrieveWithTotals(id, loadableOrderRelations(relations)), relations);
}

/**
 * An admin order as Medusa answers it: the empty relations as [] where asked for, and
 * `returnable_items` when asked for.
 */
function asAdminOrder(order: Order, relations: readonly string[]): Order {
  const asked = new Set(relations.map((r) => r.split('.')[0]));
  const target = order as Order & Record<string, unknown>;
  for (const relation of EMPTY_ORDER_RELATIONS) if (asked.has(relation)) target[relation] = [];
  // Medusa: the lines shipped more than returned (an order with nothing shipped has none).
  if (asked.has('returnable_items')) target.returnable_items = (order.items ?? []).filter((i) => (i.returned_quantity ?? 0) < (i.shipped_quantity ?? 0));
  return order;
}

/** The admin's order list (`GET /admin/orders`). */
@Injectable()
export class AdminOrdersQuery {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
  ) {}

  /**
   * A page of orders (newest first unless `order` says otherwise), each with
   * `config.relations` and its totals. The page and its count, then the page's orders in
   * one JSON-tree statement and their gift card transactions in one more.
   */
  async list(filters: AdminGetOrdersParams, config: FindConfig): Promise<[Order[], number]> {
    const qb = this.dataSource.getRepository(Order).createQueryBuilder('o').select('o.id');
    const equal = {
      id: filters.id,
      display_id: filters.display_id === undefined ? undefined : Number(filters.display_id),
      cart_id: filters.cart_id,
      customer_id: filters.customer_id,
      tax_rate: filters.tax_rate === undefined ? undefined : Number(filters.tax_rate),
    } as const;
    for (const [column, value] of Object.entries(equal)) if (value !== undefined) qb.andWhere(`o.${column} = :${column}`, { [column]: value });
    if (filters.email !== undefined) qb.andWhere('o.email = lower(:email)', { email: filters.email });
    if (filters.currency_code !== undefined) qb.andWhere('o.currency_code = lower(:currency)', { currency: filters.currency_code });
    for (const column of ['status', 'fulfillment_status', 'payment_status', 'region_id', 'sales_channel_id'] as const) {
      if (filters[column]?.length) qb.andWhere(`o.${column} IN (:...${column})`, { [column]: filters[column] });
    }
    for (const column of ['created_at', 'updated_at', 'canceled_at'] as const) {
      const op = filters[column] ? dateOperator(filters[column]) : undefined;
      if (op) qb.andWhere({ [column]: op });
    }
    if (filters.q) {
      // Medusa's fields: display id, email, the shipping address's first name, the customer's names and phone.
      // The matches of each column, united (trigram index scans; migration OrderSearchIndexes),
      // rather than the same conditions OR-ed with EXISTS: PostgreSQL could then only test
      // every order in turn (1 000 000 orders: 88 654 buffers against about 700).
      qb.andWhere(
        `o.id IN (
          SELECT qo.id FROM "order" qo WHERE qo.display_id::text ILIKE :q OR qo.email ILIKE :q
          UNION ALL SELECT qa.id FROM "order" qa JOIN address a ON a.id = qa.shipping_address_id WHERE a.first_name ILIKE :q
          UNION ALL SELECT qc.id FROM "order" qc JOIN customer c ON c.id = qc.customer_id WHERE c.first_name ILIKE :q OR c.last_name ILIKE :q OR c.phone ILIKE :q)`,
        { q: `%${escapeLike(filters.q)}%` },
      );
    }
    const order = { ...config.order, id: config.order.id ?? 'DESC' };
    const [page, count] = await listPage(this.dataSource.getRepository(Order), {
      query: qb,
      config,
      order,
      relations: [],
      count: filters.q ? 'window' : 'separate',
    });
    const orders = await this.orders.retrieveManyWithTotals(
      page.map((o) => o.id),
      loadableOrderRelations(config.relations),
    );
    return [orders.map((o) => asAdminOrder(o, config.relations)), count];
  }

  retrieve(id: string, relations: readonly string[]): Promise<Order> {
    return retrieveAdminOrder(this.orders, id, relations);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetOrdersParams } from './dto/admin-orders.dto';
import { Order } from './order.entity';
import { ADMIN_ORDER_LIST } from './order-lists';
import { ADMIN_ORDER_RELATIONS, EMPTY_ORDER_RELATIONS } from './order-relations';
import { OrdersService } from './orders.service';

/**
 * The relations of an admin order that are loaded from the database: the requested ones
 * minus those above, and with the items (or returnable items) their variant and its
 * product, which Medusa's line item and variant entities load eagerly.
 */
function loadableOrderRelations(relations: readonly string[]): string[] {
  const empty = new Set<string>(EMPTY_ORDER_RELATIONS);
  const loadable = relations.filter((r) => !empty.has(r.split('.')[0]) && r !== 'returnable_items' && r !== 'gift_card_transactions');
  if (relations.includes('items') || relations.includes('returnable_items')) loadable.push('items', 'items.variant', 'items.variant.product');
  return [...new Set(loadable)];
}

/** An order as Medusa's admin answers it by default (also the order a draft's payment places). */
export async function retrieveAdminOrder(orders: OrdersService, id: string, relations: readonly string[] = ADMIN_ORDER_RELATIONS): Promise<Order> {
  return asAdminOrder(await orders.retrieveWithTotals(id, loadableOrderRelations(relations)), relations);
}

/**
 * An admin order as Medusa answers it: the empty relations as [] where asked for, and
 * `returnable_items` (with nothing ever returned, every item) when asked for.
 */
function asAdminOrder(order: Order, relations: readonly string[]): Order {
  const asked = new Set(relations.map((r) => r.split('.')[0]));
  const target = order as Order & Record<string, unknown>;
  for (const relation of EMPTY_ORDER_RELATIONS) if (asked.has(relation)) target[relation] = [];
  if (asked.has('returnable_items')) target.returnable_items = order.items ?? [];
  return order;
}

/** The DTO's values as the list's columns hold them. */
function listFilters(filters: AdminGetOrdersParams): Record<string, unknown> {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  return { ...filters, display_id: number(filters.display_id), tax_rate: number(filters.tax_rate) };
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
    const page = await runList(this.dataSource.manager, ADMIN_ORDER_LIST, listFilters(filters), config);
    const [rows, count] = page;
    const orders = await this.orders.retrieveManyWithTotals(
      rows.map((o) => o.id),
      loadableOrderRelations(config.relations),
    );
    return [orders.map((o) => asAdminOrder(o, config.relations)), count];
  }

  retrieve(id: string, relations: readonly string[]): Promise<Order> {
    return retrieveAdminOrder(this.orders, id, relations);
  }
}

import { loadJsonTree, loadJsonTrees } from '../../common/database/json-tree-loader';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { GiftCardTransaction } from '../gift-cards/gift-card-transaction.entity';
import { Order } from './order.entity';
import { calculateOrderTotals } from './order-totals';
import { AdminGetOrdersParams } from './dto/admin-orders.dto';
import { ADMIN_ORDER_LIST, CUSTOMER_ORDER_LIST } from './order-lists';
import {
  ADMIN_ORDER_RELATIONS,
  DEFAULT_ORDER_RELATIONS,
  EMPTY_ORDER_RELATIONS,
  ORDER_TOTALS_RELATIONS,
  PLACED_ORDER_RELATIONS,
  UNSUPPORTED_TOTALS_RELATIONS,
  withFulfillmentItems,
} from './order-relations';

/**
 * An order's rows as Medusa 1.20 answers them (seen on a real 1.20.10): line adjustments and
 * shipping methods have no timestamps there (their rows here do), and a payment carries its
 * `swap_id` (always null: this service has no swaps).
 */
function withMedusaRowShapes(order: Order): void {
  const drop = (row: object, keys: string[]) => {
    for (const key of keys) delete (row as Record<string, unknown>)[key];
  };
  for (const item of order.items ?? []) for (const adjustment of item.adjustments ?? []) drop(adjustment, ['created_at', 'updated_at']);
  for (const method of order.shipping_methods ?? []) drop(method, ['created_at', 'updated_at']);
  for (const payment of order.payments ?? []) Object.assign(payment, { swap_id: null });
}

function withUnsupportedTotalsRelations(order: Order): Order {
  for (const key of UNSUPPORTED_TOTALS_RELATIONS) Object.assign(order, { [key]: [] });
  return order;
}

const byCreation = <T extends { created_at?: Date; id: string }>(a: T, b: T) =>
  (a.created_at ? new Date(a.created_at).getTime() : 0) - (b.created_at ? new Date(b.created_at).getTime() : 0) || a.id.localeCompare(b.id);

/** Filters of a customer's order list (GET /store/customers/me/orders), as Medusa has them. */
export interface CustomerOrderFilters {
  q?: string;
  id?: string;
  status?: string[];
  fulfillment_status?: string[];
  payment_status?: string[];
  display_id?: number;
  cart_id?: string;
  email?: string;
  region_id?: string;
  currency_code?: string;
  tax_rate?: number;
  created_at?: DateComparisonOperator;
  updated_at?: DateComparisonOperator;
  canceled_at?: DateComparisonOperator;
}

/**
 * The relations of an admin order that are loaded from the database: the requested ones
 * minus those without a table here (EMPTY_ORDER_RELATIONS), and with the items (or returnable items) their variant and its
 * product, which Medusa's line item and variant entities load eagerly.
 */
function loadableOrderRelations(relations: readonly string[]): string[] {
  const empty = new Set<string>(EMPTY_ORDER_RELATIONS);
  const loadable = relations.filter((r) => !empty.has(r.split('.')[0]) && r !== 'returnable_items' && r !== 'gift_card_transactions');
  if (relations.includes('items') || relations.includes('returnable_items')) loadable.push('items', 'items.variant', 'items.variant.product');
  return withFulfillmentItems([...new Set(loadable)]);
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

/** The DTO's values as the list's columns hold them. */
function listFilters(filters: AdminGetOrdersParams): Record<string, unknown> {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  return { ...filters, display_id: number(filters.display_id), tax_rate: number(filters.tax_rate) };
}

/** Reading placed orders with their totals. Orders are created by cart completion. */
@Injectable()
export class OrdersService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The admin's page of orders (ADMIN_ORDER_LIST: newest first unless `order` says otherwise),
   * each with `config.relations` and its totals: the page and its count, then the page's
   * orders in one JSON-tree statement and their gift card transactions in one more.
   */
  async listForAdmin(filters: AdminGetOrdersParams, config: FindConfig): Promise<[Order[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_ORDER_LIST, listFilters(filters), config);
    const orders = await this.retrieveManyWithTotals(
      page.map((o) => o.id),
      loadableOrderRelations(config.relations),
    );
    return [orders.map((o) => asAdminOrder(o, config.relations)), count];
  }

  /** An order as Medusa's admin answers it (by default, also the order a draft's payment places). */
  async retrieveForAdmin(id: string, relations: readonly string[] = ADMIN_ORDER_RELATIONS): Promise<Order> {
    return asAdminOrder(await this.retrieveWithTotals(id, loadableOrderRelations(relations)), relations);
  }

  /**
   * An order with `relations` plus the totals relations, decorated: the frozen totals
   * snapshot, per-line and per-method totals from the persisted tax lines and
   * adjustments, gift-card transactions, paid/refunded/refundable amounts, `object: "order"`.
   */
  async retrieveWithTotals(
    id: string,
    relations: readonly string[] = DEFAULT_ORDER_RELATIONS,
    manager: EntityManager = this.dataSource.manager,
    known: { giftCardTransactions?: GiftCardTransaction[] } = {},
  ): Promise<Order> {
    const order = await loadJsonTree(manager, Order, id, [...new Set([...relations, ...ORDER_TOTALS_RELATIONS])]);
    if (!order) throw ApiError.notFound(`Order with id ${id} was not found`);
    return this.decorate(order, manager, known.giftCardTransactions);
  }

  /**
   * The order as `POST /store/carts/:id/complete` answers it in Medusa 1.20 (seen on a real
   * 1.20.10): the shipping address, lines and payments, what the totals load (region,
   * discounts, gift cards and their transactions, shipping methods without their option),
   * claims, refunds and swaps (empty here), and no customer.
   */
  async retrieveAsPlaced(
    id: string,
    manager: EntityManager = this.dataSource.manager,
    known: { giftCardTransactions?: GiftCardTransaction[] } = {},
  ): Promise<Order> {
    return withUnsupportedTotalsRelations(await this.retrieveWithTotals(id, PLACED_ORDER_RELATIONS, manager, known));
  }

  /** The order a completed cart became, as retrieveWithTotals answers it; 404 with Medusa's message otherwise. */
  async retrieveByCartWithTotals(cartId: string, relations: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Order> {
    const id = await this.findIdByCart(cartId, manager);
    if (!id) throw ApiError.notFound(`Order with cart id ${cartId} was not found`);
    return withUnsupportedTotalsRelations(await this.retrieveWithStoreRelations(id, relations, manager));
  }

  /**
   * The storefront's order lookup (GET /store/orders?display_id=&email=): the one order with
   * that number whose email is `email` (compared without case), 404 otherwise.
   */
  async lookupWithTotals(displayId: number, email: string, relations: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Order> {
    const found = await manager
      .getRepository(Order)
      .createQueryBuilder('o')
      .select('o.id')
      .where('o.display_id = :displayId AND lower(o.email) = lower(:email)', { displayId, email })
      .getOne();
    if (!found) throw ApiError.notFound(`Order with display_id ${displayId} and the given email was not found`);
    return this.retrieveWithStoreRelations(found.id, relations, manager, { onlyRequested: true });
  }

  /**
   * retrieveWithTotals for the store order routes. With `onlyRequested` (GET /store/orders/:id and the
   * lookup, as Medusa's response clean-up does there), the relations read only for the
   * totals and not asked for are left out of the answer.
   */
  async retrieveWithStoreRelations(
    id: string,
    relations: readonly string[],
    manager: EntityManager = this.dataSource.manager,
    options: { onlyRequested?: boolean } = {},
  ): Promise<Order> {
    const order = await this.retrieveWithTotals(id, withFulfillmentItems(relations), manager);
    if (options.onlyRequested) {
      // Medusa's clean-up keeps `items` whatever `expand` says (its allowed fields name
      // `items.refundable`); with `fields`, the answer is trimmed to what was named.
      const requested = new Set(['items', ...relations.map((r) => r.split('.')[0])]);
      for (const key of [...ORDER_TOTALS_RELATIONS, 'gift_card_transactions']) {
        if (!key.includes('.') && !requested.has(key)) delete (order as unknown as Record<string, unknown>)[key];
      }
    }
    return order;
  }

  /**
   * A page of one customer's orders (newest first unless `config.order` says otherwise),
   * each with `config.relations` and its totals, as retrieveWithTotals answers it.
   */
  async listForCustomer(customerId: string, filters: CustomerOrderFilters, config: FindConfig): Promise<[Order[], number]> {
    const [page, count] = await runList(this.dataSource.manager, CUSTOMER_ORDER_LIST, { ...filters, customer_id: customerId }, config);
    // One statement for the page's trees and one for their gift card transactions, whatever the page size.
    const loaded = await this.retrieveManyWithTotals(
      page.map(({ id }) => id),
      withFulfillmentItems(config.relations),
    );
    const orders = loaded.map((order) => {
      // Medusa's list is not cleaned, so the order keeps its unrounded discount (whole cents here).
      return Object.assign(withUnsupportedTotalsRelations(order), { raw_discount_total: order.discount_total });
    });
    return [orders, count];
  }

  /**
   * The orders `ids` (in that order; missing ones left out), each as retrieveWithTotals
   * answers it, in two statements whatever their number: the JSON trees, and the gift
   * card transactions of them all.
   */
  async retrieveManyWithTotals(ids: readonly string[], relations: readonly string[], manager: EntityManager = this.dataSource.manager): Promise<Order[]> {
    if (ids.length === 0) return [];
    const [orders, transactions] = await Promise.all([
      loadJsonTrees(manager, Order, [...ids], [...new Set([...relations, ...ORDER_TOTALS_RELATIONS])]),
      manager.getRepository(GiftCardTransaction).find({ where: { order_id: In([...ids]) }, order: { created_at: 'ASC', id: 'ASC' } }),
    ]);
    const byId = new Map(orders.map((o) => [o.id, o]));
    const decorated: Order[] = [];
    for (const id of ids) {
      const order = byId.get(id);
      if (order)
        decorated.push(
          await this.decorate(
            order,
            manager,
            transactions.filter((tx) => tx.order_id === id),
          ),
        );
    }
    return decorated;
  }

  /** A placed order's payment was captured with its authorization (a provider that captures at once). */
  async markPaymentCaptured(orderId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(Order).update(orderId, { payment_status: 'captured' });
  }

  /** The order placed from a cart, if any. */
  async findIdByCart(cartId: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const order = await manager.getRepository(Order).findOne({ where: { cart_id: cartId }, select: { id: true } });
    return order?.id ?? null;
  }

  /**
   * `knownTransactions`: the order's gift card transactions when the caller knows them
   * without a read (an order its caller has just placed without debiting a gift card has none).
   */
  private async decorate(order: Order, manager: EntityManager, knownTransactions?: GiftCardTransaction[]): Promise<Order> {
    order.items?.sort(byCreation);
    order.shipping_methods?.sort(byCreation);
    order.payments?.sort(byCreation);
    const transactions =
      knownTransactions ?? (await manager.getRepository(GiftCardTransaction).find({ where: { order_id: order.id }, order: { created_at: 'ASC', id: 'ASC' } }));
    order.gift_card_transactions = transactions;
    const freeShipping = (order.discounts ?? []).some((d) => d.rule?.type === 'free_shipping');
    const totals = calculateOrderTotals(order, transactions, freeShipping);
    for (const item of order.items ?? []) {
      const t = totals.items[item.id];
      Object.assign(item, {
        subtotal: t.subtotal,
        discount_total: t.discount_total,
        tax_total: t.tax_total,
        total: t.total,
        original_total: t.original_total,
        original_tax_total: t.original_tax_total,
        refundable: t.refundable,
        // Medusa sends the unrounded discount of each order line (its clean-up removes it only from the order itself).
        raw_discount_total: (item.adjustments ?? []).reduce((sum, a) => sum + Number(a.amount), 0),
      });
    }
    for (const method of order.shipping_methods ?? []) {
      const t = totals.shipping_methods[method.id];
      Object.assign(method, {
        price: t.price, // 0 under a free-shipping discount, as Medusa answers it
        subtotal: t.subtotal,
        tax_total: t.tax_total,
        total: t.total,
        original_total: t.original_total,
        original_tax_total: t.original_tax_total,
      });
    }
    withMedusaRowShapes(order);
    Object.assign(order, {
      object: 'order',
      paid_total: totals.paid_total,
      refunded_total: totals.refunded_total,
      refundable_amount: totals.refundable_amount,
    });
    return order;
  }
}

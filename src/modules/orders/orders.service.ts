import { loadJsonTree, loadJsonTrees } from '../../common/database/json-tree-loader';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import type { DateComparisonOperator } from '../../common/query/find-params.dto';
import { dateOperator, escapeLike, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { GiftCardTransaction } from '../gift-cards/gift-card-transaction.entity';
import { Order } from './order.entity';
import { calculateOrderTotals } from './order-totals';

/** Relations every order response carries unless `expand` replaces them (Medusa v1's store defaults). */
const DEFAULT_ORDER_RELATIONS = [
  'customer',
  'discounts',
  'discounts.rule',
  'items',
  'items.variant',
  'payments',
  'region',
  'region.payment_providers',
  'region.fulfillment_providers',
  'shipping_address',
  'shipping_methods',
  'shipping_methods.shipping_option',
];

/** Relations the totals need; always loaded (with the lines' variants, as Medusa's getTotalsRelations loads them). */
const ORDER_TOTALS_RELATIONS = [
  'region',
  'items',
  'items.variant',
  'items.tax_lines',
  'items.adjustments',
  'shipping_methods',
  'shipping_methods.tax_lines',
  'discounts',
  'discounts.rule',
  'gift_cards',
  'payments',
  'refunds',
];

export const ALLOWED_ORDER_RELATIONS = [
  ...new Set([
    ...DEFAULT_ORDER_RELATIONS,
    ...ORDER_TOTALS_RELATIONS,
    'billing_address',
    'items.variant.product',
    'items.variant.product.profile',
    'items.variant.product.profiles',
    'sales_channel',
    'currency',
    'cart',
  ]),
];

/**
 * The store order routes' relations, as Medusa v1.20 has them (routes/store/orders/index.ts):
 * `fulfillments` come with their items and tracking links.
 */
export const STORE_ORDER_DEFAULT_RELATIONS = [
  'shipping_address',
  'fulfillments',
  'fulfillments.tracking_links',
  'items',
  'items.variant',
  'shipping_methods',
  'shipping_methods.shipping_option',
  'discounts',
  'discounts.rule',
  'customer',
  'payments',
  'region',
];
export const STORE_ORDER_ALLOWED_RELATIONS = [...STORE_ORDER_DEFAULT_RELATIONS, 'billing_address'];

/** The relations Medusa's cart completion asks for beside the totals' (its completion strategy). */
const PLACED_ORDER_RELATIONS = ['shipping_address', 'items', 'payments'];

/** A fulfilment always comes with its items (Medusa's entity loads them eagerly). */
const withFulfillmentItems = (relations: readonly string[]): string[] =>
  relations.includes('fulfillments') ? [...new Set([...relations, 'fulfillments.items'])] : [...relations];

/**
 * Relations Medusa 1.20 loads for an order's totals and leaves in the answers it does not
 * clean (the order by cart, a customer's order list): claims, refunds and swaps, which this
 * service does not have, answered as empty lists (seen on a real Medusa 1.20.10).
 */
const UNSUPPORTED_TOTALS_RELATIONS = ['claims', 'swaps'] as const;

/** What GET /store/orders/cart/:id keeps whatever `fields` names (Medusa selects the fields but does not clean the answer). */
export const STORE_ORDER_BY_CART_KEPT_WITH_FIELDS = ['object', 'gift_cards', 'gift_card_transactions', 'refunds', ...UNSUPPORTED_TOTALS_RELATIONS];

/**
 * What GET /store/customers/me/orders keeps whatever `fields` names, as Medusa's uncleaned
 * list answers it: the relations its totals load, `created_at`, `tax_rate`, `object`, and
 * `raw_discount_total` unless `fields` names a total (seen on a real 1.20.10).
 */
export const CUSTOMER_ORDERS_KEPT_WITH_FIELDS = [
  ...STORE_ORDER_BY_CART_KEPT_WITH_FIELDS,
  'items',
  'discounts',
  'shipping_methods',
  'region',
  'payments',
  'tax_rate',
  'raw_discount_total',
];

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

/** Reading placed orders with their totals. Orders are created by cart completion. */
@Injectable()
export class OrdersService {
  constructor(private readonly dataSource: DataSource) {}

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
   * retrieveWithTotals for the store order routes: their relations without a table here
   * (fulfillments) come back empty. With `onlyRequested` (GET /store/orders/:id and the
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
    const qb = this.dataSource.getRepository(Order).createQueryBuilder('o').select('o.id').where('o.customer_id = :customerId', { customerId });
    const equal = {
      id: filters.id,
      display_id: filters.display_id,
      cart_id: filters.cart_id,
      region_id: filters.region_id,
      tax_rate: filters.tax_rate,
    } as const;
    for (const [column, value] of Object.entries(equal)) if (value !== undefined) qb.andWhere(`o.${column} = :${column}`, { [column]: value });
    if (filters.email !== undefined) qb.andWhere('o.email = lower(:email)', { email: filters.email });
    if (filters.currency_code !== undefined) qb.andWhere('o.currency_code = lower(:currency)', { currency: filters.currency_code });
    for (const column of ['status', 'fulfillment_status', 'payment_status'] as const) {
      if (filters[column]?.length) qb.andWhere(`o.${column} IN (:...${column})`, { [column]: filters[column] });
    }
    for (const column of ['created_at', 'updated_at', 'canceled_at'] as const) {
      const op = filters[column] ? dateOperator(filters[column]) : undefined;
      if (op) qb.andWhere({ [column]: op });
    }
    if (filters.q) {
      // Medusa's fields: display id, email, the shipping address's first name, the customer's names and phone.
      qb.andWhere(
        `(o.display_id::text ILIKE :q OR o.email ILIKE :q
          OR EXISTS (SELECT 1 FROM address a WHERE a.id = o.shipping_address_id AND a.first_name ILIKE :q)
          OR EXISTS (SELECT 1 FROM customer c WHERE c.id = o.customer_id AND (c.first_name ILIKE :q OR c.last_name ILIKE :q OR c.phone ILIKE :q)))`,
        { q: `%${escapeLike(filters.q)}%` },
      );
    }
    const order = { ...config.order, id: config.order.id ?? 'DESC' };
    const [page, count] = await listPage(this.dataSource.getRepository(Order), { query: qb, config, order, relations: [] });
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

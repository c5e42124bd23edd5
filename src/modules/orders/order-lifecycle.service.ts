import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { emitEvent, emitEvents, EventToEmit } from '../events/outbox';
import { FulfillmentsService, RequestedItem } from '../fulfillments/fulfillments.service';
import { GiftCardsService } from '../gift-cards/gift-cards.service';
import { newRefundId, PaymentOperationsService, refundableOf } from '../payments/payment-operations.service';
import type { RefundReason } from '../payments/refund.entity';
import { releaseStockOfOrder } from '../products/products.repository';
import { Order } from './order.entity';
import { countryInRegion, lockOrder, replaceOrderShippingMethod, setOrderColumns, storeOrderTotals, upsertOrderAddress } from './order-lifecycle.repository';
import { calculateOrderTotals, ORDER_TOTAL_FIELDS } from './order-totals';
import { ShippingOption } from '../shipping/shipping-option.entity';
import type { AdminPostOrdersOrderReq } from './dto/admin-order-lifecycle.dto';
import { Customer } from '../customers/customer.entity';
import {
  capturePaysOrder,
  fulfillmentStatusAfterFulfillment,
  fulfillmentStatusAfterShipment,
  paymentStatusAfterCapture,
  paymentStatusAfterRefund,
} from './order-status';
import { OrdersService } from './orders.service';

/** What the evaluated `no_notification` of an event is: the request's when sent, else the stored one. */
const evaluated = (sent: boolean | null | undefined, stored: boolean | null | undefined): boolean | null => (sent !== undefined ? sent : (stored ?? null));

/**
 * An order's life after checkout, as Medusa 1.20 runs it (reference sections 1 and 2):
 * capture, fulfilment, shipment, refund, cancel, complete, archive. Each operation is one
 * transaction that starts by locking the order's row (lockOrder), so operations on one
 * order queue whatever instance serves them, and its events are recorded in that same
 * transaction (the outbox). Limits are also held by conditional UPDATEs (payments,
 * fulfilments), so they hold even for a writer that does not take the lock.
 * Every operation answers the order as Medusa's mutating routes do (untrimmed, totals).
 */
@Injectable()
export class OrderLifecycleService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly orders: OrdersService,
    private readonly payments: PaymentOperationsService,
    private readonly fulfillments: FulfillmentsService,
    private readonly giftCards: GiftCardsService,
  ) {}

  /** The order as the mutating routes answer it: Medusa's default admin relations, every total, `object`. */
  answer(id: string): Promise<Order> {
    return this.orders.retrieveForAdmin(id);
  }

  private async locked(id: string, work: (order: Order, manager: EntityManager) => Promise<void>): Promise<Order> {
    await this.transactions.run(async (manager) => {
      const order = await lockOrder(manager, id);
      if (!order) throw ApiError.notFound(`Order with id ${id} was not found`);
      await work(order, manager);
    });
    return this.answer(id);
  }

  /**
   * POST /admin/orders/:id/capture. Each uncaptured payment is captured at its provider; a
   * refusal is reported (order.payment_capture_failed) and leaves the order requires_action,
   * as in Medusa. The capture that pays the order hands over what it sold (its gift cards),
   * once: the order's row lock makes a second, concurrent capture find it captured.
   */
  capture(id: string): Promise<Order> {
    return this.locked(id, (order, manager) => this.captureLocked(order, manager));
  }

  /**
   * A provider reports the order's money taken (the Stripe webhook; Medusa's webhook calls
   * the order capture): the same capture, unless the order is captured already, canceled or
   * unknown. No answer is built.
   */
  async captureReportedByProvider(id: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const order = await lockOrder(manager, id);
      if (!order || order.status === 'canceled' || order.payment_status === 'captured') return;
      await this.captureLocked(order, manager);
    });
  }

  private async captureLocked(order: Order, manager: EntityManager): Promise<void> {
    if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot capture payment');
    const payments = await this.payments.lockPaymentsOfOrder(order.id, manager);
    const events: EventToEmit[] = [];
    for (const payment of payments) {
      if (payment.captured_at) continue;
      try {
        await this.payments.captureLocked(payment, manager);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        events.push({
          name: 'order.payment_capture_failed',
          data: { id: order.id, payment_id: payment.id, error: err.message, no_notification: order.no_notification },
        });
      }
    }
    const status = paymentStatusAfterCapture(payments);
    await setOrderColumns(manager, order.id, { payment_status: status });
    if (status === 'captured') events.push({ name: 'order.payment_captured', data: { id: order.id, no_notification: order.no_notification } });
    await emitEvents(manager, events);
    if (capturePaysOrder(order.payment_status, status)) await this.giftCards.handOverPaidCards(manager, order.id);
  }

  /** POST /admin/orders/:id/fulfillment. */
  createFulfillment(
    id: string,
    input: { items: RequestedItem[]; metadata?: Record<string, unknown>; no_notification?: boolean | null; location_id?: string },
  ): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot be fulfilled');
      const created = await this.fulfillments.createForOrder(manager, order.id, input.items, {
        metadata: input.metadata ?? {},
        no_notification: input.no_notification,
        location_id: input.location_id ?? null,
      });
      const lines = await this.fulfillments.lineCounts(order.id, manager);
      await setOrderColumns(manager, order.id, { fulfillment_status: fulfillmentStatusAfterFulfillment(lines) });
      await emitEvents(
        manager,
        created.map((f) => ({
          name: 'order.fulfillment_created' as const,
          data: { id: order.id, fulfillment_id: f.id, no_notification: evaluated(input.no_notification, order.no_notification) },
        })),
      );
    });
  }

  /** POST /admin/orders/:id/fulfillments/:fulfillment_id/cancel: the order's fulfillment_status becomes canceled (Medusa's rule). */
  cancelFulfillment(id: string, fulfillmentId: string): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      const fulfillment = await this.fulfillments.cancel(manager, order.id, fulfillmentId);
      await setOrderColumns(manager, order.id, { fulfillment_status: 'canceled' });
      await emitEvent(manager, 'order.fulfillment_canceled', { id: order.id, fulfillment_id: fulfillment.id, no_notification: fulfillment.no_notification });
    });
  }

  /** POST /admin/orders/:id/shipment. */
  createShipment(id: string, input: { fulfillment_id: string; tracking_numbers?: string[]; no_notification?: boolean }): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot be fulfilled as shipped');
      const fulfillment = await this.fulfillments.ship(manager, order.id, input.fulfillment_id, input.tracking_numbers ?? [], input.no_notification);
      const lines = await this.fulfillments.lineCounts(order.id, manager);
      await setOrderColumns(manager, order.id, { fulfillment_status: fulfillmentStatusAfterShipment(lines) });
      await emitEvent(manager, 'order.shipment_created', {
        id: order.id,
        fulfillment_id: fulfillment.id,
        no_notification: evaluated(input.no_notification, fulfillment.no_notification),
      });
    });
  }

  /**
   * POST /admin/orders/:id/refund. Refused beyond the order's refundable_amount, then beyond
   * what its captured payments have left; the amount is taken from the captured payments
   * oldest first, each by a conditional UPDATE (never beyond what it has left, whatever two
   * staff do at once), and recorded as one refund row.
   */
  refund(id: string, input: { amount: number; reason: RefundReason; note?: string; no_notification?: boolean }): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot be refunded');
      const payments = await this.payments.lockPaymentsOfOrder(order.id, manager);
      const before = await this.orders.retrieveWithTotals(order.id, [], manager);
      if (input.amount > (before as Order & { refundable_amount: number }).refundable_amount) {
        throw ApiError.notAllowed('Cannot refund more than the original order amount');
      }
      const capacity = payments.reduce((sum, p) => sum + refundableOf(p), 0);
      if (input.amount > capacity) throw ApiError.notAllowed('Refund amount is greater that the refundable amount');
      const refundId = newRefundId();
      let balance = input.amount;
      for (const payment of payments) {
        const take = Math.min(refundableOf(payment), balance);
        if (take <= 0) continue;
        if (!(await this.payments.refundLocked(payment, take, input.reason, `${refundId}-${payment.id}`, manager))) {
          throw ApiError.notAllowed('Refund amount is greater that the refundable amount');
        }
        balance -= take;
      }
      await this.payments.insertRefund(manager, {
        id: refundId,
        order_id: order.id,
        payment_id: null,
        amount: input.amount,
        reason: input.reason,
        note: input.note ?? null,
      });
      const after = (await this.orders.retrieveWithTotals(order.id, [], manager)) as Order & {
        paid_total: number;
        refunded_total: number;
        refundable_amount: number;
      };
      await setOrderColumns(manager, order.id, { payment_status: paymentStatusAfterRefund(order.payment_status, after) });
      await emitEvent(manager, 'order.refund_created', {
        id: order.id,
        refund_id: refundId,
        no_notification: evaluated(input.no_notification, order.no_notification),
      });
    });
  }

  /**
   * POST /admin/orders/:id/cancel. Refused with refunds or a live fulfilment (Medusa's
   * checks, in its order); gives the lines' unfulfilled units back to their variants,
   * cancels every payment at its provider, and sets the three statuses to canceled.
   * Canceling a canceled order changes nothing (Medusa would put the stock back again).
   */
  cancel(id: string): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (await this.payments.hasRefunds(order.id, manager)) throw ApiError.notAllowed('Order with refund(s) cannot be canceled');
      if (await this.fulfillments.hasLiveFulfillment(manager, order.id)) {
        throw ApiError.notAllowed('All fulfillments must be canceled before canceling an order');
      }
      if (order.status === 'canceled') return;
      await releaseStockOfOrder(manager, order.id);
      for (const payment of await this.payments.lockPaymentsOfOrder(order.id, manager)) await this.payments.cancelLocked(payment, manager);
      await setOrderColumns(manager, order.id, { status: 'canceled', fulfillment_status: 'canceled', payment_status: 'canceled', canceled_at: new Date() });
      await emitEvent(manager, 'order.canceled', { id: order.id, no_notification: order.no_notification });
    });
  }

  /**
   * POST /admin/orders/:id: the email, the addresses (merged into the order's rows, or new
   * rows; their country must be one of the order region's), the customer, and
   * `no_notification` (only a true value is applied, as in Medusa). Event order.updated.
   */
  update(id: string, input: AdminPostOrdersOrderReq): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot be updated');
      const columns: Parameters<typeof setOrderColumns>[2] = {};
      if (input.email !== undefined) columns.email = input.email;
      if (input.customer_id !== undefined) {
        const exists = await manager.getRepository(Customer).exists({ where: { id: input.customer_id } });
        if (!exists) throw ApiError.notFound(`Customer with customer_id ${input.customer_id} does not exist.`);
        columns.customer_id = input.customer_id;
      }
      if (input.no_notification) columns.no_notification = true;
      for (const [key, column, label] of [
        ['shipping_address', 'shipping_address_id', 'Shipping'],
        ['billing_address', 'billing_address_id', 'Billing'],
      ] as const) {
        const given = input[key];
        if (!given) continue;
        const fields = { ...given, ...(given.country_code !== undefined ? { country_code: given.country_code.toLowerCase() } : {}) };
        if (fields.country_code !== undefined && !(await countryInRegion(manager, order.region_id, fields.country_code))) {
          throw ApiError.invalid(`${label} country must be in the order region`);
        }
        const addressId = await upsertOrderAddress(manager, order[column], fields);
        if (addressId !== order[column]) columns[column] = addressId;
      }
      if (Object.keys(columns).length > 0) await setOrderColumns(manager, order.id, columns);
      await emitEvent(manager, 'order.updated', { id: order.id, no_notification: columns.no_notification ?? order.no_notification });
    });
  }

  /**
   * POST /admin/orders/:id/shipping-methods: a method of `option_id` at `price` replaces the
   * order's methods of the same shipping profile; the order's stored totals follow. Event
   * order.updated `{id}`.
   */
  addShippingMethod(id: string, input: { option_id: string; price: number; data?: Record<string, unknown> }): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A shipping method cannot be added to a canceled order');
      const option = await manager.getRepository(ShippingOption).findOne({ where: { id: input.option_id } });
      if (!option) throw ApiError.notFound(`Shipping Option with ${input.option_id} was not found`);
      await replaceOrderShippingMethod(manager, order.id, option, input.price, input.data ?? {});
      const recomputed = (await this.orders.retrieveWithTotals(order.id, [], manager)) as Order & Record<string, unknown>;
      const totals = calculateOrderTotals(
        recomputed,
        recomputed.gift_card_transactions ?? [],
        (recomputed.discounts ?? []).some((d) => d.rule?.type === 'free_shipping'),
      );
      await storeOrderTotals(manager, order.id, Object.fromEntries(ORDER_TOTAL_FIELDS.map((f) => [f, totals[f]])));
      await emitEvent(manager, 'order.updated', { id: order.id });
    });
  }

  /** POST /admin/orders/:id/complete: from any status but canceled (archived included). */
  complete(id: string): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status === 'canceled') throw ApiError.notAllowed('A canceled order cannot be completed');
      await setOrderColumns(manager, order.id, { status: 'completed' });
      await emitEvent(manager, 'order.completed', { id: order.id, no_notification: order.no_notification });
    });
  }

  /** POST /admin/orders/:id/archive: only a completed order. */
  archive(id: string): Promise<Order> {
    return this.locked(id, async (order, manager) => {
      if (order.status !== 'completed') throw ApiError.notAllowed("Can't archive an unprocessed order");
      await setOrderColumns(manager, order.id, { status: 'archived' });
      await emitEvent(manager, 'order.archived', { id: order.id, no_notification: order.no_notification });
    });
  }
}

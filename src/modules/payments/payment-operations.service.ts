import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { emitEvent } from '../events/outbox';
import { Payment } from './payment.entity';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { lockPayment, lockPaymentsOfOrder, recordCancel, recordCapture, recordRefund } from './payments.repository';
import type { StoredPayment } from './providers/payment-provider.interface';
import { assertRefundAmount, Refund, RefundReason } from './refund.entity';

const stored = (p: Payment): StoredPayment => ({ id: p.id, provider_id: p.provider_id, amount: p.amount, currency_code: p.currency_code, data: p.data });

/** What is left to refund of a captured payment (0 for one not captured). */
export const refundableOf = (p: Pick<Payment, 'amount' | 'amount_refunded' | 'captured_at'>): number => (p.captured_at ? p.amount - p.amount_refunded : 0);

/**
 * Capture, refund and cancel of payments at their providers, recorded on the payment rows
 * with conditional UPDATEs (payments.repository.ts). The order routes call these inside
 * the order's transaction, holding its row lock, and lock the order's payments through
 * `lockPaymentsOfOrder` (lock order: order → payments); `/admin/payments/:id/...` lock the
 * one payment. The provider is called while the lock is held, with an idempotency key
 * stable for the operation, so a retried transaction cannot take or give money twice.
 */
@Injectable()
export class PaymentOperationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly registry: PaymentProviderRegistry,
  ) {}

  lockPaymentsOfOrder(orderId: string, manager: EntityManager): Promise<Payment[]> {
    return lockPaymentsOfOrder(manager, orderId);
  }

  async retrieve(id: string, manager: EntityManager = this.dataSource.manager): Promise<Payment> {
    const payment = await manager.getRepository(Payment).findOne({ where: { id } });
    if (!payment) throw ApiError.notFound(`Payment with id ${id} was not found`);
    return withSwapId(payment);
  }

  /**
   * Captures a locked payment unless it is captured already (then nothing happens). A
   * refusal by the provider is thrown, and nothing is recorded.
   */
  async captureLocked(payment: Payment, manager: EntityManager): Promise<boolean> {
    if (payment.captured_at) return false;
    const data = await this.registry.get(payment.provider_id).capturePayment(stored(payment), `capture-${payment.id}`);
    const recorded = await recordCapture(manager, payment.id, data);
    if (recorded) Object.assign(payment, { captured_at: new Date(), data });
    return recorded;
  }

  /** Refunds `amount` of a locked, captured payment at its provider and records it (false: not captured or too little left). */
  async refundLocked(payment: Payment, amount: number, reason: string, key: string, manager: EntityManager): Promise<boolean> {
    if (amount > refundableOf(payment)) return false;
    if (amount === 0) return true;
    const data = await this.registry.get(payment.provider_id).refundPayment(stored(payment), amount, reason, key);
    const recorded = await recordRefund(manager, payment.id, amount, data);
    if (recorded) Object.assign(payment, { amount_refunded: payment.amount_refunded + amount, data });
    return recorded;
  }

  /** Voids a locked payment at its provider unless it is canceled already. */
  async cancelLocked(payment: Payment, manager: EntityManager): Promise<void> {
    if (payment.canceled_at) return;
    const data = await this.registry.get(payment.provider_id).cancelPayment(payment.data);
    if (await recordCancel(manager, payment.id, data)) Object.assign(payment, { canceled_at: new Date(), data });
  }

  /** Whether the order has any refund (an order cannot be canceled then). */
  hasRefunds(orderId: string, manager: EntityManager): Promise<boolean> {
    return manager.getRepository(Refund).exists({ where: { order_id: orderId } });
  }

  /** Writes a refund row (the payments' amounts were recorded by refundLocked). */
  async insertRefund(
    manager: EntityManager,
    refund: { id?: string; order_id: string | null; payment_id: string | null; amount: number; reason: RefundReason; note: string | null },
  ): Promise<Refund> {
    const row = manager.getRepository(Refund).create({ ...refund, id: refund.id ?? newRefundId(), metadata: null, idempotency_key: null });
    await manager.getRepository(Refund).insert(row as never); // jsonb metadata defeats the deep-partial type
    return row;
  }

  /**
   * POST /admin/payments/:id/capture (Medusa 10.1): a captured payment is answered as it is;
   * otherwise the provider captures, or the route answers 500 `Failed to capture Payment <id>`.
   * The order's payment_status is not changed (Medusa's behaviour).
   */
  async capture(id: string): Promise<Payment> {
    await this.transactions.run(async (manager) => {
      const payment = await lockPayment(manager, id);
      if (!payment) throw ApiError.notFound(`Payment with id ${id} was not found`);
      if (payment.captured_at) return;
      try {
        await this.captureLocked(payment, manager);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        throw new ApiError(ApiErrorType.UNEXPECTED_STATE, `Failed to capture Payment ${id}`);
      }
      await emitEvent(manager, 'payment.payment_captured', { id: payment.id });
    });
    return this.retrieve(id);
  }

  /**
   * POST /admin/payments/:id/refund (Medusa 10.1): only a captured payment, at most what it
   * has left; one refund row naming the payment. The order's payment_status is not changed.
   */
  async refund(id: string, input: { amount: number; reason: RefundReason; note?: string }): Promise<Refund> {
    assertRefundAmount(input.amount);
    return this.transactions.run(async (manager) => {
      const payment = await lockPayment(manager, id);
      if (!payment) throw ApiError.notFound(`Payment with id ${id} was not found`);
      if (!payment.captured_at) throw ApiError.invalid(`Payment ${id} is not captured`);
      const left = refundableOf(payment);
      if (input.amount > left) throw ApiError.invalid(`Only ${left} can be refunded from Payment ${id}`);
      const refundId = newRefundId();
      let refunded: boolean;
      try {
        refunded = await this.refundLocked(payment, input.amount, input.reason, refundId, manager);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        throw new ApiError(ApiErrorType.UNEXPECTED_STATE, `Failed to refund Payment ${id}`);
      }
      if (!refunded) throw ApiError.invalid(`Only ${left} can be refunded from Payment ${id}`);
      const refund = await this.insertRefund(manager, {
        id: refundId,
        order_id: payment.order_id,
        payment_id: payment.id,
        amount: input.amount,
        reason: input.reason,
        note: input.note ?? null,
      });
      await emitEvent(manager, 'payment.payment_refund_created', { id: refund.id });
      return refund;
    });
  }
}

/** A fresh refund id (known before the provider is called: it is the refund's idempotency key there). */
export const newRefundId = (): string => generateEntityId(Refund.idPrefix);

/** Medusa's payment carries `swap_id` (always null: this service has no swaps). */
function withSwapId(payment: Payment): Payment {
  return Object.assign(payment, { swap_id: null });
}

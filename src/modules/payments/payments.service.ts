import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { insertEntities } from '../../common/database/row-writes';
import { Payment } from './payment.entity';
import { PaymentProviderRegistry } from './payment-provider.registry';
import type { PaymentSession } from './payment-session.entity';

/** Payments: created from an authorized session when a cart completes. */
@Injectable()
export class PaymentsService {
  constructor(private readonly registry: PaymentProviderRegistry) {}

  /**
   * Records the payment an authorized session produced, for `amount` in the region's
   * currency. Providers that capture on authorize (system) yield a captured payment.
   */
  async createFromSession(
    session: PaymentSession,
    input: { cart_id: string; order_id: string | null; amount: number; currency_code: string; idempotency_key?: string | null },
    manager: EntityManager,
  ): Promise<Payment> {
    const repo = manager.getRepository(Payment);
    const payment = repo.create({
      cart_id: input.cart_id,
      order_id: input.order_id,
      amount: input.amount,
      currency_code: input.currency_code,
      amount_refunded: 0,
      provider_id: session.provider_id,
      data: session.data,
      captured_at: this.registry.get(session.provider_id).capturesOnAuthorize ? new Date() : null,
      canceled_at: null,
      idempotency_key: input.idempotency_key ?? null,
      metadata: null,
    });
    await insertEntities(manager, Payment, [payment]);
    return payment;
  }
}

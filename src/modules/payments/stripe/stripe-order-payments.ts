import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { updateById } from '../../../common/database/row-writes';
import { Order } from '../../orders/order.entity';
import { OrdersService } from '../../orders/orders.service';
import { PaymentProviderRegistry } from '../payment-provider.registry';
import { Payment } from '../payment.entity';
import { STRIPE_PROVIDER_IDS } from './stripe-payment.provider';

/**
 * The webhook's capture of an order paid through Stripe (Medusa's order capture, reduced to
 * what the webhook needs): every Stripe payment of the order not captured yet is captured at
 * Stripe (an intent captured already counts as captured) and the order becomes `captured`.
 * The payment rows are locked while Stripe is asked, and the key is the payment's, so an
 * admin capture at the same moment cannot capture twice.
 */
@Injectable()
export class StripeOrderPayments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: PaymentProviderRegistry,
    private readonly orders: OrdersService,
  ) {}

  async captureOrder(orderId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const order = await manager.getRepository(Order).findOne({ where: { id: orderId }, select: { id: true, payment_status: true } });
      if (!order || order.payment_status === 'captured') return;
      const payments = await manager.getRepository(Payment).find({
        where: { order_id: orderId, provider_id: In([...STRIPE_PROVIDER_IDS]), captured_at: IsNull(), canceled_at: IsNull() },
        lock: { mode: 'pessimistic_write' },
        order: { id: 'ASC' },
      });
      for (const payment of payments) {
        const data = await this.registry.get(payment.provider_id).capturePayment(payment, `capture-${payment.id}`);
        await updateById(manager, Payment, payment.id, { data, captured_at: new Date() });
      }
      const open = await manager.getRepository(Payment).count({ where: { order_id: orderId, captured_at: IsNull(), canceled_at: IsNull() } });
      if (open === 0) await this.orders.markPaymentCaptured(orderId, manager);
    });
  }
}

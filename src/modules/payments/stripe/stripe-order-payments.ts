import { Injectable } from '@nestjs/common';
import { OrderLifecycleService } from '../../orders/order-lifecycle.service';

/**
 * The webhook's capture of an order paid through Stripe: Medusa's webhook calls the order
 * capture, and so does this (OrderLifecycleService: the order's row lock, then its payments,
 * every payment captured once with the payment's key, the order captured, and what it sold
 * handed over once), unless the order is captured already or canceled.
 */
@Injectable()
export class StripeOrderPayments {
  constructor(private readonly lifecycle: OrderLifecycleService) {}

  captureOrder(orderId: string): Promise<void> {
    return this.lifecycle.captureReportedByProvider(orderId);
  }
}

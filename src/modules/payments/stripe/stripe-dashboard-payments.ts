import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, In } from 'typeorm';
import { ApiError, ApiErrorType } from '../../../common/errors/api-error';
import { Order } from '../../orders/order.entity';
import { PaymentProviderRegistry } from '../payment-provider.registry';
import { Payment } from '../payment.entity';
import { STRIPE_PROVIDER_IDS, StripePaymentProvider } from './stripe-payment.provider';

export interface StripeDashboardPayment {
  id: string;
  amount: number;
  created: number;
  risk_score: number | null;
  risk_level: string | null;
  type: 'order';
  region: string;
}

/**
 * What the dashboard's Stripe widget shows of an order: each Stripe payment's intent with
 * its latest charge's risk outcome, read from Stripe. Every provider of the family counts
 * (Medusa listed `stripe` only); this service has no swaps, so every entry is `order`.
 */
@Injectable()
export class StripeDashboardPayments {
  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: PaymentProviderRegistry,
  ) {}

  async ofOrder(orderId: string): Promise<StripeDashboardPayment[]> {
    const order = await this.dataSource.getRepository(Order).findOne({ where: { id: orderId }, select: { id: true, region_id: true } });
    if (!order) throw ApiError.notFound(`Order with id: ${orderId} was not found`);
    const payments = await this.dataSource
      .getRepository(Payment)
      .find({ where: { order_id: orderId, provider_id: In([...STRIPE_PROVIDER_IDS]) }, order: { created_at: 'ASC', id: 'ASC' } });
    const out: StripeDashboardPayment[] = [];
    for (const payment of payments) {
      const intentId = typeof payment.data.id === 'string' ? payment.data.id : null;
      if (!intentId) continue;
      const provider = this.stripeProvider(payment.provider_id);
      const intent = await provider.retrieveIntent(intentId, 'read the payment', ['latest_charge']);
      const outcome = typeof intent.latest_charge === 'object' && intent.latest_charge ? (intent.latest_charge as Stripe.Charge).outcome : null;
      out.push({
        id: intent.id,
        amount: intent.amount,
        created: intent.created,
        risk_score: outcome?.risk_score ?? null,
        risk_level: outcome?.risk_level ?? null,
        type: 'order',
        region: order.region_id,
      });
    }
    return out;
  }

  private stripeProvider(id: string): StripePaymentProvider {
    let provider;
    try {
      provider = this.registry.get(id);
    } catch {
      provider = undefined;
    }
    if (!(provider instanceof StripePaymentProvider))
      throw new ApiError(ApiErrorType.SERVICE_UNAVAILABLE, 'Stripe is not configured on this server (STRIPE_API_KEY)');
    return provider;
  }
}

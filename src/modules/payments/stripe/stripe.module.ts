import { Inject, Module, OnModuleInit, Optional } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../config/configuration';
import { CartsModule } from '../../carts/carts.module';
import { CustomersModule } from '../../customers/customers.module';
import { OrderLifecycleModule } from '../../orders/order-lifecycle.module';
import { OrdersModule } from '../../orders/orders.module';
import { QueueModule } from '../../queue/queue.module';
import { installPaymentProviders } from '../../regions/payment-providers.repository';
import { PaymentProviderRegistry } from '../payment-provider.registry';
import { PaymentsModule } from '../payments.module';
import { AdminStripePaymentsController } from './admin-stripe-payments.controller';
import { createStripeClient, STRIPE_CLIENT } from './stripe-client';
import { StripeCartCompletion } from './stripe-cart-completion';
import { StripeCustomerLinks } from './stripe-customer-links';
import { StripeDashboardPayments } from './stripe-dashboard-payments';
import { StripeEventProcessor } from './stripe-event.processor';
import { StripeOrderPayments } from './stripe-order-payments';
import { STRIPE_METHODS, StripePaymentProvider } from './stripe-payment.provider';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

/**
 * Card payments through Stripe, as medusa-payment-stripe runs them: the six `stripe…`
 * providers (registered only when STRIPE_API_KEY is set), the webhook POST /stripe/hooks
 * and the dashboard widget's GET /admin/orders/stripe-payments/:order_id. A module of its
 * own because the webhook completes carts, and carts depend on payments.
 */
@Module({
  imports: [PaymentsModule, CustomersModule, CartsModule, OrdersModule, OrderLifecycleModule, QueueModule],
  controllers: [StripeWebhookController, AdminStripePaymentsController],
  providers: [
    {
      provide: STRIPE_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Stripe | null => (config.stripe ? createStripeClient(config.stripe) : null),
    },
    StripeCustomerLinks,
    StripeCartCompletion,
    StripeOrderPayments,
    StripeEventProcessor,
    StripeWebhookService,
    StripeDashboardPayments,
  ],
})
export class StripeModule implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly registry: PaymentProviderRegistry,
    private readonly customerLinks: StripeCustomerLinks,
    @Optional() @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
  ) {}

  /**
   * With a key, the six providers are registered here and their `payment_provider` rows
   * written (as Medusa installs a plugin's providers at boot), so a region can offer them;
   * without one they do not exist, and a region or seed naming them is refused.
   */
  async onModuleInit(): Promise<void> {
    const config = this.config.stripe;
    if (!config || !this.stripe) return;
    for (const method of STRIPE_METHODS) this.registry.register(new StripePaymentProvider(method, this.stripe, config, this.customerLinks));
    await installPaymentProviders(
      this.dataSource,
      STRIPE_METHODS.map((m) => m.id),
    );
  }
}

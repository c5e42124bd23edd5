import { Module } from '@nestjs/common';
import { FulfillmentsModule } from '../fulfillments/fulfillments.module';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { PaymentsModule } from '../payments/payments.module';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrdersModule } from './orders.module';

/** An order's life after checkout (OrderLifecycleService), for the admin routes and a provider's webhook. */
@Module({
  imports: [OrdersModule, PaymentsModule, FulfillmentsModule, GiftCardsModule],
  providers: [OrderLifecycleService],
  exports: [OrderLifecycleService],
})
export class OrderLifecycleModule {}

import { Module } from '@nestjs/common';
import { FulfillmentsModule } from '../fulfillments/fulfillments.module';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { PaymentsModule } from '../payments/payments.module';
import { AdminOrderLifecycleController } from './admin-order-lifecycle.controller';
import { OrderLifecycleService } from './order-lifecycle.service';
import { OrdersModule } from './orders.module';

/** `/admin/orders/:id/...` writes: capture, fulfil, ship, refund, cancel, complete, archive, update. */
@Module({
  imports: [OrdersModule, PaymentsModule, FulfillmentsModule, GiftCardsModule],
  controllers: [AdminOrderLifecycleController],
  providers: [OrderLifecycleService],
})
export class AdminOrderLifecycleModule {}

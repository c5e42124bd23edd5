import { Module } from '@nestjs/common';
import { OrderClaimConfirmThrottleInterceptor } from './order-claim-confirm-throttle';
import { OrderClaimsService } from './order-claims.service';
import { OrderLookupThrottleInterceptor } from './order-lookup-throttle';
import { OrdersService } from './orders.service';
import { StoreOrderClaimsController } from './store-order-claims.controller';
import { StoreOrdersController } from './store-orders.controller';

/** Placed orders: reads with totals (orders are created by cart completion), and a customer's claim of their guest orders. */
@Module({
  controllers: [StoreOrderClaimsController, StoreOrdersController],
  providers: [OrdersService, OrderClaimsService, OrderLookupThrottleInterceptor, OrderClaimConfirmThrottleInterceptor],
  exports: [OrdersService, OrderClaimsService],
})
export class OrdersModule {}

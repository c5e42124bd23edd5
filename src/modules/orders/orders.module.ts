import { Module } from '@nestjs/common';
import { OrderLookupThrottleInterceptor } from './order-lookup-throttle';
import { OrdersService } from './orders.service';
import { StoreOrdersController } from './store-orders.controller';

/** Placed orders: reads with totals (orders are created by cart completion). */
@Module({ controllers: [StoreOrdersController], providers: [OrdersService, OrderLookupThrottleInterceptor], exports: [OrdersService] })
export class OrdersModule {}

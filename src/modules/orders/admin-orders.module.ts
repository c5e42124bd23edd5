import { Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersQuery } from './admin-orders.query';
import { OrdersModule } from './orders.module';

/** `/admin/orders` (list, get). */
@Module({ imports: [OrdersModule], controllers: [AdminOrdersController], providers: [AdminOrdersQuery] })
export class AdminOrdersModule {}

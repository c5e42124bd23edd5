import { Module } from '@nestjs/common';
import { AdminOrdersController } from './admin-orders.controller';
import { OrdersModule } from './orders.module';

/** `/admin/orders` (list, get). */
@Module({ imports: [OrdersModule], controllers: [AdminOrdersController] })
export class AdminOrdersModule {}

import { Module } from '@nestjs/common';
import { AdminOrderLifecycleController } from './admin-order-lifecycle.controller';
import { OrderLifecycleModule } from './order-lifecycle.module';

/** `/admin/orders/:id/...` writes: capture, fulfil, ship, refund, cancel, complete, archive, update, shipping methods. */
@Module({ imports: [OrderLifecycleModule], controllers: [AdminOrderLifecycleController] })
export class AdminOrderLifecycleModule {}

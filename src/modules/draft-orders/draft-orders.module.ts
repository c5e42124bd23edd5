import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module';
import { OrdersModule } from '../orders/orders.module';
import { AdminDraftOrdersController } from './admin-draft-orders.controller';
import { DraftCartService } from './draft-cart.service';
import { DraftOrderPaymentService } from './draft-order-payment.service';
import { DraftOrdersService } from './draft-orders.service';

/** Admin draft orders: a `draft_order` cart (built and completed by the carts module) plus its draft record. */
@Module({
  imports: [CartsModule, OrdersModule],
  controllers: [AdminDraftOrdersController],
  providers: [DraftOrdersService, DraftCartService, DraftOrderPaymentService],
})
export class DraftOrdersModule {}

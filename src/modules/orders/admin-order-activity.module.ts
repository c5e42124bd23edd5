import { Module } from '@nestjs/common';
import { AdminNotificationsController, AdminOrderEditsController } from './admin-order-activity.controller';

/** `/admin/notifications` and `/admin/order-edits`, read by the order timeline (notes: src/modules/notes). */
@Module({ controllers: [AdminNotificationsController, AdminOrderEditsController] })
export class AdminOrderActivityModule {}

import { Module } from '@nestjs/common';
import { AdminNotesController, AdminNotificationsController, AdminOrderEditsController } from './admin-order-activity.controller';

/** `/admin/notes`, `/admin/notifications` and `/admin/order-edits`, read by the order timeline. */
@Module({ controllers: [AdminNotesController, AdminNotificationsController, AdminOrderEditsController] })
export class AdminOrderActivityModule {}

import { Module } from '@nestjs/common';
import { AdminSalesChannelsController } from './admin-sales-channels.controller';
import { AdminSalesChannelsQuery } from './admin-sales-channels.query';

/** `/admin/sales-channels` (list, get). */
@Module({ controllers: [AdminSalesChannelsController], providers: [AdminSalesChannelsQuery] })
export class AdminSalesChannelsModule {}

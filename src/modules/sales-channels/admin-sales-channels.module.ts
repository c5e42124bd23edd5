import { Module } from '@nestjs/common';
import { AdminSalesChannelsController } from './admin-sales-channels.controller';
import { SalesChannelsService } from './sales-channels.service';

/** `/admin/sales-channels`: CRUD and the channel's products. */
@Module({ controllers: [AdminSalesChannelsController], providers: [SalesChannelsService] })
export class AdminSalesChannelsModule {}

import { Module } from '@nestjs/common';
import { AdminAnalyticsConfigsController, AdminStoreController } from './admin-store.controller';
import { AdminStoreService } from './admin-store.service';

/** `/admin/store` (settings, currencies, providers) and the analytics config the dashboard asks for. */
@Module({ controllers: [AdminStoreController, AdminAnalyticsConfigsController], providers: [AdminStoreService] })
export class AdminStoreModule {}

import { Module } from '@nestjs/common';
import { AdminStoreController } from './admin-store.controller';
import { AdminStoreService } from './admin-store.service';

/** `/admin/store` (settings, currencies, providers). */
@Module({ controllers: [AdminStoreController], providers: [AdminStoreService] })
export class AdminStoreModule {}

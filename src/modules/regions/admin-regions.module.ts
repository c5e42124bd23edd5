import { Module } from '@nestjs/common';
import { AdminRegionsController } from './admin-regions.controller';
import { AdminRegionsQuery } from './admin-regions.query';

/** `/admin/regions` (list, get, fulfillment options). */
@Module({ controllers: [AdminRegionsController], providers: [AdminRegionsQuery] })
export class AdminRegionsModule {}

import { Module } from '@nestjs/common';
import { AdminRegionsController } from './admin-regions.controller';
import { RegionsModule } from './regions.module';

/** `/admin/regions` (list, get, fulfillment options). */
@Module({ imports: [RegionsModule], controllers: [AdminRegionsController] })
export class AdminRegionsModule {}

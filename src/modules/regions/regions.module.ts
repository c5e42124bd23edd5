import { Module } from '@nestjs/common';
import { TaxesModule } from '../taxes/taxes.module';
import { RegionTreeCache } from './region-tree-cache';
import { RegionsService } from './regions.service';
import { StoreRegionsController } from './store-regions.controller';

/** Regions (reads and the admin's writes), and the region trees cart answers show (RegionTreeCache). */
@Module({
  imports: [TaxesModule],
  controllers: [StoreRegionsController],
  providers: [RegionsService, RegionTreeCache],
  exports: [RegionsService, RegionTreeCache],
})
export class RegionsModule {}

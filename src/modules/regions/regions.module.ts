import { Module } from '@nestjs/common';
import { RegionTreeCache } from './region-tree-cache';
import { RegionsService } from './regions.service';
import { StoreRegionsController } from './store-regions.controller';

/** Regions, and the region trees cart answers show (RegionTreeCache). */
@Module({ controllers: [StoreRegionsController], providers: [RegionsService, RegionTreeCache], exports: [RegionsService, RegionTreeCache] })
export class RegionsModule {}

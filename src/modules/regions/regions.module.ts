import { Module } from '@nestjs/common';
import { RegionsService } from './regions.service';
import { StoreRegionsController } from './store-regions.controller';

@Module({ controllers: [StoreRegionsController], providers: [RegionsService], exports: [RegionsService] })
export class RegionsModule {}

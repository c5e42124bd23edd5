import { Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module';
import { AdminCollectionsController } from './admin-collections.controller';
import { CollectionsService } from './collections.service';
import { StoreCollectionsController } from './store-collections.controller';

@Module({
  imports: [CatalogueCacheModule],
  controllers: [AdminCollectionsController, StoreCollectionsController],
  providers: [CollectionsService],
  exports: [CollectionsService],
})
export class CollectionsModule {}

import { Module } from '@nestjs/common';
import { AdminCollectionsController } from './admin-collections.controller';
import { CollectionsService } from './collections.service';
import { StoreCollectionsController } from './store-collections.controller';

@Module({
  controllers: [AdminCollectionsController, StoreCollectionsController],
  providers: [CollectionsService],
  exports: [CollectionsService],
})
export class CollectionsModule {}

import { Module } from '@nestjs/common';
import { CatalogueCacheModule } from '../catalogue-cache/catalogue-cache.module';
import { PublishableApiKeysModule } from '../publishable-api-keys/publishable-api-keys.module';
import { TaxesModule } from '../taxes/taxes.module';
import { ProductsService } from './products.service';
import { StoreProductSearchController, StoreProductTagsController, StoreProductTypesController, StoreVariantsController } from './store-catalogue.controller';
import { StoreProductsController } from './store-products.controller';

@Module({
  imports: [CatalogueCacheModule, TaxesModule, PublishableApiKeysModule],
  controllers: [StoreProductSearchController, StoreProductsController, StoreVariantsController, StoreProductTagsController, StoreProductTypesController],
  providers: [ProductsService],
  exports: [ProductsService],
})
export class ProductsModule {}

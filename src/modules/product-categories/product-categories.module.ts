import { Module } from '@nestjs/common';
import { AdminProductCategoriesController } from './admin-product-categories.controller';
import { ProductCategoriesService } from './product-categories.service';
import { StoreProductCategoriesController } from './store-product-categories.controller';

@Module({
  controllers: [AdminProductCategoriesController, StoreProductCategoriesController],
  providers: [ProductCategoriesService],
  exports: [ProductCategoriesService],
})
export class ProductCategoriesModule {}

import { Module } from '@nestjs/common';
import { AdminProductTagsController, AdminProductTypesController } from './admin-product-taxonomy.controller';
import { AdminProductsController, AdminVariantsController } from './admin-products.controller';
import { ProductsModule } from './products.module';

/** The admin's catalogue reads: `/admin/products`, `/admin/variants`, `/admin/product-tags`, `/admin/product-types`. */
@Module({
  controllers: [AdminProductsController, AdminVariantsController, AdminProductTagsController, AdminProductTypesController],
  imports: [ProductsModule],
})
export class AdminProductsModule {}

import { Module } from '@nestjs/common';
import { AdminProductTagsController, AdminProductTypesController } from './admin-product-taxonomy.controller';
import { AdminProductsController, AdminVariantsController } from './admin-products.controller';
import { AdminProductWritesController } from './admin-product-writes.controller';
import { ProductWritesService } from './product-writes.service';
import { ProductsModule } from './products.module';

/** The admin's catalogue: `/admin/products` (reads and writes), `/admin/variants`, `/admin/product-tags`, `/admin/product-types`. */
@Module({
  controllers: [AdminProductsController, AdminProductWritesController, AdminVariantsController, AdminProductTagsController, AdminProductTypesController],
  imports: [ProductsModule],
  providers: [ProductWritesService],
})
export class AdminProductsModule {}

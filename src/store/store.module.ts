import { Module } from '@nestjs/common';
import { ProductsModule } from '../modules/products/products.module';
import { RegionsModule } from '../modules/regions/regions.module';

/** Composition root of the /store surface: each resource module brings its store controllers. */
@Module({
  imports: [ProductsModule, RegionsModule],
})
export class StoreModule {}

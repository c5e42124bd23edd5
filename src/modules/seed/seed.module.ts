import { Module } from '@nestjs/common';
import { CollectionsModule } from '../collections/collections.module';
import { UsersModule } from '../users/users.module';
import { CategoriesImporter } from './importers/categories.importer';
import { CollectionsImporter } from './importers/collections.importer';
import { ProductTaxonomyImporter } from './importers/product-taxonomy.importer';
import { ProductVariantsImporter } from './importers/product-variants.importer';
import { ProductsImporter } from './importers/products.importer';
import { RegionsImporter } from './importers/regions.importer';
import { ShippingOptionsImporter } from './importers/shipping-options.importer';
import { StoreImporter } from './importers/store.importer';
import { UsersImporter } from './importers/users.importer';
import { SeedService } from './seed.service';

/** The seed importer used by `npm start` (demo data) and `npm run seed`. */
@Module({
  imports: [UsersModule, CollectionsModule],
  providers: [
    SeedService,
    StoreImporter,
    UsersImporter,
    RegionsImporter,
    ShippingOptionsImporter,
    CollectionsImporter,
    CategoriesImporter,
    ProductTaxonomyImporter,
    ProductVariantsImporter,
    ProductsImporter,
  ],
  exports: [SeedService],
})
export class SeedModule {}

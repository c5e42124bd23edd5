import { Module } from '@nestjs/common';
import { CollectionsModule } from '../modules/collections/collections.module';
import { CustomersModule } from '../modules/customers/customers.module';
import { ProductsModule } from '../modules/products/products.module';
import { RegionsModule } from '../modules/regions/regions.module';
import { GiftCardsModule } from '../modules/gift-cards/gift-cards.module';
import { CartsModule } from '../modules/carts/carts.module';
import { OrdersModule } from '../modules/orders/orders.module';
import { ShippingModule } from '../modules/shipping/shipping.module';
import { ProductCategoriesModule } from '../modules/product-categories/product-categories.module';

/** Composition root of the /store surface: each resource module brings its store controllers. */
@Module({
  imports: [
    ProductsModule,
    RegionsModule,
    GiftCardsModule,
    CustomersModule,
    CollectionsModule,
    CartsModule,
    OrdersModule,
    ShippingModule,
    ProductCategoriesModule,
  ],
})
export class StoreModule {}

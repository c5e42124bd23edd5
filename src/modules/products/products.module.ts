import { Module } from '@nestjs/common';
import { ProductsService } from './products.service';
import { StoreProductsController } from './store-products.controller';

@Module({ controllers: [StoreProductsController], providers: [ProductsService], exports: [ProductsService] })
export class ProductsModule {}

import { Module } from '@nestjs/common';
import { CartReadModule } from '../carts/cart-read.module';
import { TaxesModule } from '../taxes/taxes.module';
import { ShippingMethodsService } from './shipping-methods.service';
import { ShippingOptionsService } from './shipping-options.service';
import { StoreShippingOptionsController } from './store-shipping-options.controller';

/** Shipping options for carts (listing, validation, pricing) and cart shipping methods. */
@Module({
  imports: [TaxesModule, CartReadModule],
  controllers: [StoreShippingOptionsController],
  providers: [ShippingOptionsService, ShippingMethodsService],
  exports: [ShippingOptionsService, ShippingMethodsService],
})
export class ShippingModule {}

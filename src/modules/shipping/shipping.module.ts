import { Module } from '@nestjs/common';
import { CartReadModule } from '../carts/cart-read.module';
import { RegionsModule } from '../regions/regions.module';
import { TaxesModule } from '../taxes/taxes.module';
import { ShippingOptionsService } from './shipping-options.service';
import { StoreShippingOptionsController } from './store-shipping-options.controller';

/** Shipping options for carts (listing, validation, pricing); a cart's shipping methods are written by the carts module. */
@Module({
  imports: [TaxesModule, CartReadModule, RegionsModule],
  controllers: [StoreShippingOptionsController],
  providers: [ShippingOptionsService],
  exports: [ShippingOptionsService],
})
export class ShippingModule {}

import { Module } from '@nestjs/common';
import { RegionsModule } from '../regions/regions.module';
import { TaxesModule } from '../taxes/taxes.module';
import { CartLoaderService } from './cart-loader.service';
import { CartTotalsService } from './cart-totals.service';

/**
 * Reading carts with their totals, split from CartsModule so the shipping module (which
 * CartsModule uses) can read carts without a module cycle.
 */
@Module({
  imports: [TaxesModule, RegionsModule],
  providers: [CartLoaderService, CartTotalsService],
  exports: [CartLoaderService, CartTotalsService],
})
export class CartReadModule {}

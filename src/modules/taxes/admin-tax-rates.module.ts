import { Module } from '@nestjs/common';
import { AdminTaxRatesController } from './admin-tax-rates.controller';
import { TaxesModule } from './taxes.module';

/** `/admin/tax-rates` (CRUD and the product, product type and shipping option batches). */
@Module({ imports: [TaxesModule], controllers: [AdminTaxRatesController] })
export class AdminTaxRatesModule {}

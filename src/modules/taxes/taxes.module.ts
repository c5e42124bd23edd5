import { Module } from '@nestjs/common';
import { TaxProviderRegistry } from './tax-provider.registry';
import { TaxRatesService } from './tax-rates.service';

/** Pluggable tax calculation: the registry of providers (built-in: the region rate, or the tax rates attached), and the tax rates. */
@Module({ providers: [TaxProviderRegistry, TaxRatesService], exports: [TaxProviderRegistry, TaxRatesService] })
export class TaxesModule {}

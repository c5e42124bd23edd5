import { Module } from '@nestjs/common';
import { TaxProviderRegistry } from './tax-provider.registry';

/** Pluggable tax calculation: the registry of providers (built-in: the region rate). */
@Module({ providers: [TaxProviderRegistry], exports: [TaxProviderRegistry] })
export class TaxesModule {}

import { Injectable } from '@nestjs/common';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { SystemTaxProvider } from './system-tax.provider';
import type { TaxProvider } from './tax-provider.interface';

/** Tax providers by id; `system` is always present. Others register at boot. */
@Injectable()
export class TaxProviderRegistry {
  private readonly providers = new Map<string, TaxProvider>();

  constructor() {
    this.register(new SystemTaxProvider());
  }

  register(provider: TaxProvider): void {
    this.providers.set(provider.id, provider);
  }

  /** Whether a provider of that id is installed (`system` always is). */
  has(id: string): boolean {
    return this.providers.has(id);
  }

  /** The region's provider (`system` when the region names none). */
  forRegion(taxProviderId: string | null): TaxProvider {
    const id = taxProviderId ?? 'system';
    const provider = this.providers.get(id);
    if (!provider) throw new ApiError(ApiErrorType.UNEXPECTED_STATE, `Tax provider ${id} is not installed`);
    return provider;
  }
}

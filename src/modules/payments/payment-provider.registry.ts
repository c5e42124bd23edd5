import { Injectable } from '@nestjs/common';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { ManualPaymentProvider } from './providers/manual.provider';
import type { PaymentProviderPlugin } from './providers/payment-provider.interface';
import { SystemPaymentProvider } from './providers/system.provider';
import { TestPaymentProvider } from './providers/test.provider';

/** The provider that authorizes and captures at once (draft orders marked as paid). */
export const SYSTEM_PAYMENT_PROVIDER_ID = 'system';

/**
 * Payment provider implementations by id. The built-in `manual`, `test` and `system`
 * providers are always registered (their rows are seeded); others register at boot.
 * Which providers a cart may use is decided per region (`region.payment_providers`).
 */
@Injectable()
export class PaymentProviderRegistry {
  private readonly providers = new Map<string, PaymentProviderPlugin>();

  constructor() {
    for (const provider of [new ManualPaymentProvider(), new TestPaymentProvider(), new SystemPaymentProvider()]) this.register(provider);
  }

  register(provider: PaymentProviderPlugin): void {
    this.providers.set(provider.id, provider);
  }

  get(id: string): PaymentProviderPlugin {
    const provider = this.providers.get(id);
    if (!provider) throw new ApiError(ApiErrorType.UNEXPECTED_STATE, `Payment provider ${id} is not installed`);
    return provider;
  }
}

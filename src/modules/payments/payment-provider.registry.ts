import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/configuration';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { ManualPaymentProvider } from './providers/manual.provider';
import type { PaymentProviderPlugin } from './providers/payment-provider.interface';
import { SystemPaymentProvider } from './providers/system.provider';
import { TestPaymentProvider } from './providers/test.provider';

/** The provider that authorizes and captures at once (draft orders marked as paid). */
export const SYSTEM_PAYMENT_PROVIDER_ID = 'system';

/**
 * Payment provider implementations by id. The built-in `manual` and `system` providers are
 * always registered (their rows are seeded); the `test` provider, whose outcome the session
 * data scripts, only when PAYMENT_TEST_PROVIDER=true (test runs; production refuses it);
 * others register at boot. Which providers a cart may use is decided per region
 * (`region.payment_providers`).
 */
@Injectable()
export class PaymentProviderRegistry {
  private readonly providers = new Map<string, PaymentProviderPlugin>();

  constructor(@Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'testPaymentProvider'>) {
    for (const provider of [new ManualPaymentProvider(), new SystemPaymentProvider()]) this.register(provider);
    if (config?.testPaymentProvider) this.register(new TestPaymentProvider());
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

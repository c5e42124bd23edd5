import { Module } from '@nestjs/common';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { PaymentSessionsService } from './payment-sessions.service';
import { PaymentsService } from './payments.service';

/** Payment providers (manual, test, system + pluggable), cart payment sessions, payments. */
@Module({
  providers: [PaymentProviderRegistry, PaymentSessionsService, PaymentsService],
  exports: [PaymentProviderRegistry, PaymentSessionsService, PaymentsService],
})
export class PaymentsModule {}

import { Module } from '@nestjs/common';
import { PaymentProviderRegistry } from './payment-provider.registry';
import { PaymentSessionsService } from './payment-sessions.service';
import { PaymentsService } from './payments.service';
import { PaymentOperationsService } from './payment-operations.service';

/** Payment providers (manual, test, system + pluggable), cart payment sessions, payments, their capture, refund and cancel. */
@Module({
  providers: [PaymentProviderRegistry, PaymentSessionsService, PaymentsService, PaymentOperationsService],
  exports: [PaymentProviderRegistry, PaymentSessionsService, PaymentsService, PaymentOperationsService],
})
export class PaymentsModule {}

import type { PaymentContext, PaymentProviderPlugin, ProviderSession, StoredPayment, StoredSession } from './payment-provider.interface';

/** Medusa's manual provider: no third party; a session authorizes as soon as it is asked to. */
export class ManualPaymentProvider implements PaymentProviderPlugin {
  readonly id = 'manual';
  readonly capturesOnAuthorize = false;

  async createSession(_context: PaymentContext): Promise<ProviderSession> {
    return { status: 'pending', data: { status: 'pending' } };
  }

  async updateSession(session: StoredSession, _context: PaymentContext): Promise<Record<string, unknown>> {
    return session.data;
  }

  async updateSessionData(_session: StoredSession, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    return data;
  }

  async authorize(_session: StoredSession, _context: PaymentContext): Promise<ProviderSession> {
    return { status: 'authorized', data: { status: 'authorized' } };
  }

  async deleteSession(_session: StoredSession): Promise<void> {}

  async cancelPayment(paymentData: Record<string, unknown>): Promise<Record<string, unknown>> {
    return { ...paymentData, status: 'canceled' };
  }

  async capturePayment(payment: StoredPayment, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return { ...payment.data, status: 'captured' };
  }

  async refundPayment(payment: StoredPayment, _amount: number, _reason: string, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return payment.data;
  }
}

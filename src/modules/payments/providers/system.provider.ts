import type { PaymentContext, PaymentProviderPlugin, ProviderSession, StoredPayment, StoredSession } from './payment-provider.interface';

/**
 * Medusa's system provider: authorizes and captures at once, taking no money. Used for
 * orders an admin marks as paid (draft orders); shoppers only get it where a region lists it.
 */
export class SystemPaymentProvider implements PaymentProviderPlugin {
  readonly id = 'system';
  readonly capturesOnAuthorize = true;

  async createSession(_context: PaymentContext): Promise<ProviderSession> {
    return { status: 'pending', data: {} };
  }

  async updateSession(session: StoredSession, _context: PaymentContext): Promise<Record<string, unknown>> {
    return session.data;
  }

  async updateSessionData(_session: StoredSession, _data: Record<string, unknown>): Promise<Record<string, unknown>> {
    return {};
  }

  async authorize(_session: StoredSession, _context: PaymentContext): Promise<ProviderSession> {
    return { status: 'authorized', data: {} };
  }

  async deleteSession(_session: StoredSession): Promise<void> {}

  async cancelPayment(paymentData: Record<string, unknown>): Promise<Record<string, unknown>> {
    return paymentData;
  }

  async capturePayment(payment: StoredPayment, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return payment.data;
  }

  async refundPayment(payment: StoredPayment, _amount: number, _reason: string, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return payment.data;
  }
}

import type { PaymentSessionStatus } from '../payment-session.entity';
import type { PaymentContext, PaymentProviderPlugin, ProviderSession, StoredPayment, StoredSession } from './payment-provider.interface';

/** Statuses the session data can ask the test provider to answer with on authorize. */
const SCRIPTED: ReadonlySet<string> = new Set<PaymentSessionStatus>(['pending', 'requires_more', 'error', 'canceled', 'authorized']);

/**
 * A provider for tests and demos whose behaviour is driven by the session data: set
 * `{"status": "requires_more" | "error" | "pending" | "canceled"}` through
 * POST /store/carts/:id/payment-sessions/test, and authorize answers with that status;
 * without one it authorizes. Lets every completion branch be exercised over HTTP.
 */
export class TestPaymentProvider implements PaymentProviderPlugin {
  readonly id = 'test';
  readonly capturesOnAuthorize = false;

  async createSession(context: PaymentContext): Promise<ProviderSession> {
    return { status: 'pending', data: { amount: context.amount } };
  }

  async updateSession(session: StoredSession, context: PaymentContext): Promise<Record<string, unknown>> {
    return { ...session.data, amount: context.amount };
  }

  async updateSessionData(_session: StoredSession, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    return data;
  }

  async authorize(session: StoredSession, _context: PaymentContext): Promise<ProviderSession> {
    const scripted = session.data.status;
    const status = typeof scripted === 'string' && SCRIPTED.has(scripted) ? (scripted as PaymentSessionStatus) : 'authorized';
    return { status, data: { ...session.data } };
  }

  async deleteSession(_session: StoredSession): Promise<void> {}

  async cancelPayment(paymentData: Record<string, unknown>): Promise<Record<string, unknown>> {
    return { ...paymentData, canceled: true };
  }

  async capturePayment(payment: StoredPayment, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return { ...payment.data, captured: true };
  }

  async refundPayment(payment: StoredPayment, _amount: number, _reason: string, _idempotencyKey: string): Promise<Record<string, unknown>> {
    return payment.data;
  }
}

import type { PaymentSessionStatus } from '../payment-session.entity';

/** What a provider is told about the cart it takes payment for. */
export interface PaymentContext {
  cart_id: string;
  /** Integer minor units. */
  amount: number;
  currency_code: string;
  email: string | null;
  customer_id: string | null;
}

/** The provider-side state of a session. */
export interface ProviderSession {
  status: PaymentSessionStatus;
  data: Record<string, unknown>;
}

/** The stored session a provider operates on. */
export interface StoredSession {
  id: string;
  provider_id: string;
  status: PaymentSessionStatus;
  data: Record<string, unknown>;
  amount: number | null;
}

/** A payment (an authorized session turned into the order's payment) that a provider captures or refunds. */
export interface StoredPayment {
  id: string;
  provider_id: string;
  /** Integer minor units: what was authorized. */
  amount: number;
  currency_code: string;
  data: Record<string, unknown>;
}

/**
 * A payment provider (Medusa v1's payment processor). Providers own no database rows: the
 * caller stores what they return. Calls may reach third parties, so they must be
 * idempotent for a given session and quick.
 */
export interface PaymentProviderPlugin {
  readonly id: string;
  /** True when authorizing also captures (the `system` provider used by draft orders). */
  readonly capturesOnAuthorize: boolean;
  createSession(context: PaymentContext): Promise<ProviderSession>;
  /** The cart's amount changed. Returns the new session data. */
  updateSession(session: StoredSession, context: PaymentContext): Promise<Record<string, unknown>>;
  /** The storefront sent provider data (POST .../payment-sessions/:provider_id). Returns the data to merge. */
  updateSessionData(session: StoredSession, data: Record<string, unknown>): Promise<Record<string, unknown>>;
  authorize(session: StoredSession, context: PaymentContext): Promise<ProviderSession>;
  deleteSession(session: StoredSession): Promise<void>;
  /** Voids an authorized payment. Returns the payment's new data. */
  cancelPayment(paymentData: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Captures an authorized payment in full. Returns the payment's new data. A refusal by the
   * provider is thrown (an ApiError), never returned: the caller records a capture only on return.
   * `idempotencyKey` is stable for the payment, so a retried capture cannot take money twice.
   */
  capturePayment(payment: StoredPayment, idempotencyKey: string): Promise<Record<string, unknown>>;
  /**
   * Gives back `amount` (integer minor units, at most what is captured and not yet refunded: the
   * caller checks) of a captured payment. Returns the payment's new data; a refusal is thrown.
   * `idempotencyKey` identifies this refund, so a retried request refunds once.
   */
  refundPayment(payment: StoredPayment, amount: number, reason: string, idempotencyKey: string): Promise<Record<string, unknown>>;
}

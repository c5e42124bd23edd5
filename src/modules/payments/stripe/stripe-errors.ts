import { ApiError, ApiErrorType } from '../../../common/errors/api-error';

/** What the client throws for an answer of Stripe's (`StripeError` and its subclasses). */
export interface StripeFailure {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  payment_intent?: { id: string; status: string; [key: string]: unknown };
}

export function isStripeFailure(err: unknown): err is StripeFailure {
  return typeof err === 'object' && err !== null && typeof (err as { type?: unknown }).type === 'string' && (err as { type: string }).type.startsWith('Stripe');
}

/**
 * A refusal by Stripe as this service's error: Stripe refusing the request itself (a card
 * declined, an intent in the wrong state, an amount beyond what is left) is the caller's
 * 400 with Stripe's message and code; Stripe unreachable, failing, or refusing our key is a
 * 503 (nothing the shopper or the admin can fix, and never a silent success).
 */
export function toApiError(err: unknown, operation: string): ApiError {
  if (isStripeFailure(err)) {
    const status = err.statusCode ?? 0;
    if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429) {
      return new ApiError(ApiErrorType.INVALID_DATA, `Stripe refused to ${operation}: ${err.message}`, err.code);
    }
    return new ApiError(ApiErrorType.SERVICE_UNAVAILABLE, `Stripe could not ${operation}, try again later`, err.code);
  }
  return new ApiError(ApiErrorType.SERVICE_UNAVAILABLE, `Stripe could not ${operation}, try again later`);
}

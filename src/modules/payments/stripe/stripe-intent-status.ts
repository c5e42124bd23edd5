import type { PaymentSessionStatus } from '../payment-session.entity';

/**
 * The session status a PaymentIntent status means at checkout completion (the reference's
 * table 11.4): paid or authorized → `authorized`; 3-D Secure or a redirect pending →
 * `requires_more`; canceled → `canceled`; anything else, including statuses Stripe may add,
 * → `pending` (the shopper has not paid yet).
 */
export function sessionStatusOfIntent(intentStatus: string): PaymentSessionStatus {
  switch (intentStatus) {
    case 'requires_capture':
    case 'succeeded':
      return 'authorized';
    case 'requires_action':
      return 'requires_more';
    case 'canceled':
      return 'canceled';
    default:
      return 'pending';
  }
}

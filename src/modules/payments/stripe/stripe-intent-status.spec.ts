import { sessionStatusOfIntent } from './stripe-intent-status';

describe('sessionStatusOfIntent (table 11.4)', () => {
  it.each([
    ['requires_capture', 'authorized'],
    ['succeeded', 'authorized'],
    ['requires_action', 'requires_more'],
    ['canceled', 'canceled'],
    ['requires_payment_method', 'pending'],
    ['requires_confirmation', 'pending'],
    ['processing', 'pending'],
    ['a_status_stripe_adds_later', 'pending'],
  ])('an intent %s makes the session %s', (intent, session) => {
    expect(sessionStatusOfIntent(intent)).toBe(session);
  });
});

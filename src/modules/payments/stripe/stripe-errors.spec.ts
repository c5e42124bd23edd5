import { toApiError } from './stripe-errors';

describe('toApiError (a Stripe failure as this service answers it)', () => {
  const stripeError = (type: string, statusCode: number, code?: string) => Object.assign(new Error('Stripe says no'), { type, statusCode, code });

  it('makes a request Stripe refuses the caller’s 400, with Stripe’s message and code', () => {
    const err = toApiError(stripeError('StripeInvalidRequestError', 400, 'amount_too_large'), 'refund the payment');
    expect(err).toMatchObject({ type: 'invalid_data', code: 'amount_too_large', message: 'Stripe refused to refund the payment: Stripe says no' });
    expect(toApiError(stripeError('StripeCardError', 402, 'card_declined'), 'capture the payment')).toMatchObject({
      type: 'invalid_data',
      code: 'card_declined',
    });
  });

  it('makes Stripe failing, throttling or refusing our key a 503 that reveals nothing of it', () => {
    for (const [type, status] of [
      ['StripeAuthenticationError', 401],
      ['StripePermissionError', 403],
      ['StripeRateLimitError', 429],
      ['StripeAPIError', 500],
    ] as const) {
      const err = toApiError(stripeError(type, status), 'start the payment');
      expect(err).toMatchObject({ type: 'service_unavailable', message: 'Stripe could not start the payment, try again later' });
    }
    expect(toApiError(new Error('socket hang up'), 'start the payment')).toMatchObject({ type: 'service_unavailable' });
  });
});

import Stripe from 'stripe';
import type { StripeConfig } from '../../../config/configuration';

/** The API version `medusa-payment-stripe` 6 pins: intents and webhook events keep the shape v1 shops' storefronts read. */
const STRIPE_API_VERSION = '2022-11-15';

/** Injection token of the configured client (present only when STRIPE_API_KEY is set). */
export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');

/**
 * The official client, pinned to Medusa's API version. Unlike Medusa's, it retries a failed
 * request (twice); every write sends an Idempotency-Key, which the client reuses across its
 * retries, so a retried request never creates a second intent or refund.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBaseUrl;
  return new Stripe(config.apiKey, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });
}

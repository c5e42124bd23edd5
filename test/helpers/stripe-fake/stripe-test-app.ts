import { createTestApp, startTestApp, TestApp } from '../app';
import { StripeFake } from './stripe-fake';

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';

/** The settings that point the app's Stripe providers at `fake`. */
export function stripeSettings(fakeUrl: string, fake: StripeFake, extra: Record<string, string> = {}): Record<string, string> {
  return { STRIPE_API_KEY: fake.apiKey, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE_URL: fakeUrl, QUEUE_POLL_INTERVAL_MS: '500', ...extra };
}

/** A fake Stripe and an app whose Stripe providers talk to it. */
export async function startStripeApp(extra: Record<string, string> = {}): Promise<{ t: TestApp; fake: StripeFake; settings: Record<string, string> }> {
  const fake = new StripeFake();
  const settings = stripeSettings(await fake.start(), fake, extra);
  const t = await createTestApp(settings);
  const close = t.close;
  t.close = async () => {
    await close();
    await fake.stop();
  };
  return { t, fake, settings };
}

/** A second instance of the app on the same database (and the same fake). */
export function startSecondInstance(t: TestApp, settings: Record<string, string>): Promise<TestApp> {
  return startTestApp(t.databaseUrl, settings);
}

/** Posts `event` to /stripe/hooks signed as Stripe signs it. */
export function postWebhook(t: TestApp, event: object, secret = STRIPE_WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  return t
    .http()
    .post('/stripe/hooks')
    .set('content-type', 'application/json')
    .set('stripe-signature', StripeFake.sign(payload, secret, timestamp))
    .send(payload);
}

/** Waits until `check` answers something truthy (the webhook's job runs in the background). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

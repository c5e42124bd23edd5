import { createHmac, randomBytes } from 'crypto';

/** A new signing secret, as Standard Webhooks writes them: `whsec_` + base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` + base64 HMAC-SHA256, keyed with
 * the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The header for several secrets (a rotation's grace): their signatures, space-separated, as Standard Webhooks allows. */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)).join(' ');
}

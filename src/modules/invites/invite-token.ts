import { createHash, createHmac, randomBytes } from 'crypto';

/**
 * An invitation's token, as the mail carries it: an HMAC of the invite's id and a random
 * grant under the server's secret. The database keeps its digest only, the event its grant
 * only: neither is the token, and a token is made again only with the secret.
 */
export interface InviteGrant {
  nonce: string;
}

export function newInviteGrant(): InviteGrant {
  return { nonce: randomBytes(16).toString('base64url') };
}

export function isInviteGrant(value: unknown): value is InviteGrant {
  return typeof value === 'object' && value !== null && typeof (value as InviteGrant).nonce === 'string';
}

export function inviteToken(secret: string, inviteId: string, grant: InviteGrant): string {
  return `inv_${createHmac('sha256', secret).update(`invite\u0000${inviteId}\u0000${grant.nonce}`).digest('base64url')}`;
}

/** What the table keeps of a token. */
export function inviteTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Medusa's invite JWTs carry an id, an email and a role: well under this. */
const MAX_MEDUSA_TOKEN_LENGTH = 1024;

/**
 * A token this service could have made, or one Medusa mailed before the shop was imported
 * (a JWT; only its digest was imported): anything else is refused without a lookup.
 */
export function looksLikeInviteToken(token: string): boolean {
  return /^inv_[A-Za-z0-9_-]{43}$/.test(token) || (token.length <= MAX_MEDUSA_TOKEN_LENGTH && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token));
}

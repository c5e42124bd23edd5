import { createHmac, randomBytes } from 'crypto';
import * as jwt from 'jsonwebtoken';

/** How long a claim link works (Medusa v1: 15 minutes). */
const CLAIM_TOKEN_TTL_SECONDS = 15 * 60;

/** What a claim token is made over: the claiming customer and, per order, who owns it now and its email. */
export interface ClaimState {
  claimingCustomerId: string;
  orders: ReadonlyArray<{ id: string; customer_id: string | null; email: string }>;
}

/**
 * What the `order-update-token.created` event keeps of a claim: never the token, only what
 * lets the server (and nobody without its JWT secret) make the same token again when the
 * mail goes out. `state_tag` is a keyed digest of the orders' owners when asked, so a mail
 * sent after they changed (the claim confirmed) mints nothing.
 */
export interface ClaimGrant {
  nonce: string;
  /** Seconds since the epoch: the token's `iat`; it expires CLAIM_TOKEN_TTL_SECONDS later. */
  issued_at: number;
  state_tag: string;
}

/** The token's claims as Medusa names them (`claimingCustomerId`, `orders`). */
interface ClaimTokenClaims {
  claimingCustomerId?: unknown;
  orders?: unknown;
}

const stateText = (purpose: string, state: ClaimState) =>
  [purpose, state.claimingCustomerId, ...[...state.orders].sort((a, b) => (a.id < b.id ? -1 : 1)).flatMap((o) => [o.id, o.customer_id ?? '', o.email])].join(
    '\u0000',
  );

/**
 * The key a claim token is signed with: derived from the server's JWT secret and the
 * orders' current owners. Confirming the claim changes the owners, hence the key, so a
 * token works once, and a token for orders that moved since does not work at all.
 */
const claimKey = (secret: string, state: ClaimState): Buffer => createHmac('sha256', secret).update(stateText('order-claim', state)).digest();

const stateTag = (secret: string, state: ClaimState): string =>
  createHmac('sha256', secret).update(stateText('order-claim-state-tag', state)).digest('base64url');

export function newClaimGrant(secret: string, state: ClaimState): ClaimGrant {
  return { nonce: randomBytes(16).toString('base64url'), issued_at: Math.floor(Date.now() / 1000), state_tag: stateTag(secret, state) };
}

export function isClaimGrant(value: unknown): value is ClaimGrant {
  const grant = value as Partial<ClaimGrant> | null;
  return !!grant && typeof grant.nonce === 'string' && typeof grant.issued_at === 'number' && typeof grant.state_tag === 'string';
}

/** The token a grant stands for (the same bytes every time); undefined when expired or the orders changed hands since. */
export function claimTokenFromGrant(secret: string, state: ClaimState, grant: ClaimGrant): string | undefined {
  const expiresAt = grant.issued_at + CLAIM_TOKEN_TTL_SECONDS;
  if (expiresAt <= Math.floor(Date.now() / 1000)) return undefined;
  if (grant.state_tag !== stateTag(secret, state)) return undefined;
  const claims = {
    claimingCustomerId: state.claimingCustomerId,
    orders: state.orders.map((o) => o.id),
    jti: grant.nonce,
    iat: grant.issued_at,
    exp: expiresAt,
  };
  return jwt.sign(claims, claimKey(secret, state), { algorithm: 'HS256' });
}

/** The claims of a token, unverified: only to find the orders whose state verifies it. */
export function readClaimToken(token: string): { claimingCustomerId: string; orders: string[] } | undefined {
  const claims = jwt.decode(token) as ClaimTokenClaims | null;
  if (!claims || typeof claims !== 'object' || typeof claims.claimingCustomerId !== 'string') return undefined;
  if (!Array.isArray(claims.orders) || !claims.orders.every((id): id is string => typeof id === 'string')) return undefined;
  return { claimingCustomerId: claims.claimingCustomerId, orders: claims.orders };
}

/** Whether `token` is a live claim token for exactly that state. */
export function verifyClaimToken(secret: string, state: ClaimState, token: string): boolean {
  try {
    const claims = jwt.verify(token, claimKey(secret, state), { algorithms: ['HS256'] }) as ClaimTokenClaims;
    return claims.claimingCustomerId === state.claimingCustomerId;
  } catch {
    return false;
  }
}

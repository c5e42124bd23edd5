import { createHash, createHmac, randomBytes } from 'crypto';
import {
  CallHandler,
  ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NestInterceptor,
  OnModuleDestroy,
  UseInterceptors,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import * as jwt from 'jsonwebtoken';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

/** How long a reset link works (Medusa v1: 15 minutes). */
const RESET_TOKEN_TTL_SECONDS = 15 * 60;

export const INVALID_RESET_TOKEN = 'Invalid or expired password reset token';

/** The kind of account a reset token is for. */
export type TokenAccount = 'customer' | 'user';

const ID_CLAIM: Record<TokenAccount, 'customer_id' | 'user_id'> = { customer: 'customer_id', user: 'user_id' };

/**
 * The key a reset token is signed with: derived from the server's JWT secret and the
 * account's current password hash (Medusa signs with the hash itself). A password change
 * changes the key, so a token works once: the reset it allows kills it, and so does any
 * other password change; and nobody without the server's secret can make one from a leaked hash.
 */
function resetKey(secret: string, account: TokenAccount, id: string, passwordHash: string): Buffer {
  return createHmac('sha256', secret).update(['password-reset', account, id, passwordHash].join('\u0000')).digest();
}

export interface ResetTokenClaims {
  customer_id?: string;
  user_id?: string;
  email?: string;
}

/**
 * What is stored of a reset request (in its `*.password_reset` event): never the token, only
 * what lets the server, and nobody without its JWT secret, make the same token again when
 * the mail goes out. `account_tag` is a keyed digest of the password hash the token was
 * made for (a different derivation from the signing key), so a mail sent after the
 * password changed does not mint a token for the new password.
 */
export interface ResetGrant {
  /** Random, so every request has its own token. */
  nonce: string;
  /** Seconds since the epoch: the token's `iat`; it expires RESET_TOKEN_TTL_SECONDS later. */
  issued_at: number;
  account_tag: string;
}

function accountTag(secret: string, account: TokenAccount, id: string, passwordHash: string): string {
  return createHmac('sha256', secret).update(['password-reset-account-tag', account, id, passwordHash].join('\u0000')).digest('base64url');
}

/** A new reset request's grant (the token it stands for is resetTokenFromGrant). */
export function newResetGrant(secret: string, account: TokenAccount, id: string, passwordHash: string): ResetGrant {
  return { nonce: randomBytes(16).toString('base64url'), issued_at: Math.floor(Date.now() / 1000), account_tag: accountTag(secret, account, id, passwordHash) };
}

/** Whether a stored value is a grant (an event written by an older release carries none). */
export function isResetGrant(value: unknown): value is ResetGrant {
  const grant = value as Partial<ResetGrant> | null;
  return !!grant && typeof grant.nonce === 'string' && typeof grant.issued_at === 'number' && typeof grant.account_tag === 'string';
}

/**
 * The token a grant stands for, made again from the server's secret: the same bytes every
 * time (HS256 over the same claims). Undefined when it would not work anyway: expired, or
 * the password changed since the request.
 */
export function resetTokenFromGrant(
  secret: string,
  account: TokenAccount,
  id: string,
  passwordHash: string,
  grant: ResetGrant,
  extra: { email?: string } = {},
): string | undefined {
  const expiresAt = grant.issued_at + RESET_TOKEN_TTL_SECONDS;
  if (expiresAt <= Math.floor(Date.now() / 1000)) return undefined;
  if (grant.account_tag !== accountTag(secret, account, id, passwordHash)) return undefined;
  return jwt.sign({ [ID_CLAIM[account]]: id, ...extra, jti: grant.nonce, iat: grant.issued_at, exp: expiresAt }, resetKey(secret, account, id, passwordHash), {
    algorithm: 'HS256',
  });
}

/** The claims of a token, unverified: only to find the account whose key verifies it. */
export function readResetToken(token: string): ResetTokenClaims | undefined {
  const claims = jwt.decode(token);
  return claims && typeof claims === 'object' ? (claims as ResetTokenClaims) : undefined;
}

/** Whether `token` is a live reset token of that account with that password hash. */
export function verifyResetToken(secret: string, account: TokenAccount, id: string, passwordHash: string, token: string): boolean {
  try {
    const claims = jwt.verify(token, resetKey(secret, account, id, passwordHash), { algorithms: ['HS256'] }) as ResetTokenClaims;
    return claims[ID_CLAIM[account]] === id;
  } catch {
    return false;
  }
}

const TOO_MANY = 'Too many password reset requests. Please try again later.';
const key = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * Around a reset-token request: every request counts (there is no failure to wait for),
 * per (client address, email) and per client address, with the login budgets and window,
 * in counters of their own (asking for resets never blocks a login). Over a budget: 429.
 */
@Injectable()
export class PasswordTokenThrottleInterceptor implements NestInterceptor, OnModuleDestroy {
  private readonly counters: PgAttemptCounters;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const unit = addressForLimits(clientAddress(req));
    const email = (req.body as { email?: unknown } | undefined)?.email;
    const normalized = typeof email === 'string' ? email.trim().toLowerCase() : '';
    const pairKey = key('password-token', unit, normalized);
    const addressKey = key('password-token', unit);
    const counts = await this.counters.add([pairKey, addressKey].sort(), this.config.loginThrottleTtlMs);
    const pair = counts.get(pairKey);
    const byAddress = counts.get(addressKey);
    const retryAfter = Math.max(
      pair && pair.hits > this.config.loginThrottleLimit ? pair.expiresIn : 0,
      byAddress && byAddress.hits > this.config.loginThrottleAddressLimit ? byAddress.expiresIn : 0,
    );
    if (retryAfter > 0) {
      http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, retryAfter)));
      throw new HttpException(TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
    }
    return next.handle();
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }
}

/** A route that sends a reset token: every request counts against the login budgets. */
export const PasswordTokenThrottled = () => UseInterceptors(PasswordTokenThrottleInterceptor);

const MAILBOX_WINDOW_MS = 60 * 60_000;

/**
 * Reset mails per mailbox (account kind and email) per hour, counted in PostgreSQL so the
 * bound holds across instances: the per-address budgets above let many client addresses
 * fill one mailbox, this does not. Counted only for an account that exists (the lookup has
 * run), so an unknown email writes nothing; over the budget the request quietly sends
 * nothing, and the route answers the same as ever (no enumeration, no 429 that would tell).
 */
export class ResetMailboxBudget {
  private readonly counters: PgAttemptCounters;

  constructor(
    dataSource: DataSource,
    private readonly perHour: number,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  /** Takes one mail of the mailbox's hour (per kind: an order claim's mails have their own); false when the hour's budget is spent. */
  async take(account: TokenAccount | 'order-claim', email: string): Promise<boolean> {
    const mailboxKey = key('password-reset-mailbox', account, email.trim().toLowerCase());
    const count = (await this.counters.add([mailboxKey], MAILBOX_WINDOW_MS)).get(mailboxKey);
    return !!count && count.hits <= this.perHour;
  }

  stop(): void {
    this.counters.onModuleDestroy();
  }
}

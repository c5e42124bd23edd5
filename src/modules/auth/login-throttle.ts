import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnModuleDestroy, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { reserveAttempt, settleAttempt, throttleKey as key, tooManyRequests as tooMany } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const REGISTRATION_WINDOW_MS = 60_000;
const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
const TOO_MANY_REGISTRATIONS = 'Too many registrations from this address. Please try again later.';

/** What a login attempt was checked against, so its outcome is counted in the same places. */
export interface LoginAttempt {
  pairKey: string;
  addressKey: string;
  /** Whether the (address, email) pair has failures on record (a success clears them). */
  pairHasFailures: boolean;
}

/**
 * Failed logins, not logins, are what is limited, so a storefront server that logs in
 * every shopper from one address is never slowed by its shoppers' successes:
 * - per (client address, email): a small budget (guessing one account's password);
 * - per client address alone: a larger one (trying many accounts from one place).
 * Both are keyed by the address, never by the email alone, so nobody can lock an account
 * by failing against it from elsewhere: a correct password from an address that has not
 * been failing always works. Once an address is over a budget it is refused whatever the
 * password, so the attacker learns nothing from the answers. Each attempt takes its place
 * in both counts before the password is checked (one atomic statement), and gives it back
 * unless the password was wrong: attempts running at the same moment, on any number of
 * instances, can never pass a budget together.
 * Registrations are counted per address at a rate a busy storefront server never reaches.
 */
@Injectable()
export class LoginAttemptLimiter implements OnModuleDestroy {
  private readonly counters: PgAttemptCounters;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  /**
   * Counts the attempt as a failure in advance; throws a 429 (counting nothing) when that
   * puts the address over a budget. A wrong password leaves it counted; settle any other
   * outcome with succeeded() or notCounted().
   */
  async begin(address: string, email: unknown, res?: Response): Promise<LoginAttempt> {
    const unit = addressForLimits(address);
    const normalized = typeof email === 'string' ? email.trim().toLowerCase() : '';
    const attempt = { pairKey: key('login-failures', unit, normalized), addressKey: key('login-failures', unit), pairHasFailures: false };
    const { retryAfter, counts } = await reserveAttempt(
      this.counters,
      [
        { key: attempt.pairKey, limit: this.config.loginThrottleLimit },
        { key: attempt.addressKey, limit: this.config.loginThrottleAddressLimit },
      ],
      this.config.loginThrottleTtlMs,
    );
    if (retryAfter > 0) throw tooMany(TOO_MANY_LOGINS, retryAfter, res);
    const pair = counts.get(attempt.pairKey);
    attempt.pairHasFailures = !!pair && pair.hits > 1;
    return attempt;
  }

  /** A correct password ends the pair's failure count (the address-wide count stands, less this attempt). */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    if (attempt.pairHasFailures) await this.counters.clear([attempt.pairKey]);
    await this.counters.release(attempt.pairHasFailures ? [attempt.addressKey] : [attempt.pairKey, attempt.addressKey]);
  }

  /** Any other outcome (a validation error, a failure of ours): the attempt counts for nothing. */
  async notCounted(attempt: LoginAttempt): Promise<void> {
    await this.counters.release([attempt.pairKey, attempt.addressKey]);
  }

  /** Counts one registration from the address; throws a 429 past the per-minute limit. */
  async registration(address: string, res?: Response): Promise<void> {
    const registrationKey = key('registrations', addressForLimits(address));
    const count = (await this.counters.add([registrationKey], REGISTRATION_WINDOW_MS)).get(registrationKey);
    if (count && count.hits > this.config.registrationThrottleLimit) throw tooMany(TOO_MANY_REGISTRATIONS, count.expiresIn, res);
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }
}

function isWrongCredentials(err: unknown): boolean {
  return err instanceof ApiError && err.type === ApiErrorType.UNAUTHORIZED;
}

/** Around a login handler: refuses addresses over a budget, and counts a 401 as a failure. */
@Injectable()
export class LoginThrottleInterceptor implements NestInterceptor {
  constructor(private readonly limiter: LoginAttemptLimiter) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const attempt = await this.limiter.begin(clientAddress(req), (req.body as { email?: unknown } | undefined)?.email, http.getResponse<Response>());
    // A wrong password stays counted (begin() counted it); anything else is given back.
    return settleAttempt(next.handle(), {
      isFailure: isWrongCredentials,
      succeeded: () => this.limiter.succeeded(attempt),
      notCounted: () => this.limiter.notCounted(attempt),
    });
  }
}

@Injectable()
export class RegistrationThrottleInterceptor implements NestInterceptor {
  constructor(private readonly limiter: LoginAttemptLimiter) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await this.limiter.registration(clientAddress(http.getRequest<Request>()), http.getResponse<Response>());
    return next.handle();
  }
}

/** A route that checks a password: failed attempts are limited (see LoginAttemptLimiter). */
export const LoginThrottled = () => UseInterceptors(LoginThrottleInterceptor);

/** A route that creates an account: limited per client address per minute. */
export const RegistrationThrottled = () => UseInterceptors(RegistrationThrottleInterceptor);

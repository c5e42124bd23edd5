import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnModuleDestroy, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { reserveAttempt, throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const TOO_MANY_EMAIL_LOOKUPS = 'Too many account lookups from this address. Please try again later.';

/**
 * `GET /store/auth/:email` tells whether an email has an account (Medusa's storefront asks
 * it at checkout, so the route stays). Both answers tell an outsider something, so every
 * lookup counts, per client address (EMAIL_EXISTS_THROTTLE_LIMIT within
 * EMAIL_EXISTS_THROTTLE_TTL_MS): a shopper's checkout asks a few times, a list of
 * addresses checked one by one is stopped with a 429.
 */
@Injectable()
export class EmailExistsThrottleInterceptor implements NestInterceptor, OnModuleDestroy {
  private readonly counters: PgAttemptCounters;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const { emailExistsLimit, emailExistsTtlMs } = this.config.lookupThrottles;
    const budget = { key: throttleKey('email-exists', addressForLimits(clientAddress(http.getRequest<Request>()))), limit: emailExistsLimit };
    const { retryAfter } = await reserveAttempt(this.counters, [budget], emailExistsTtlMs);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_EMAIL_LOOKUPS, retryAfter, http.getResponse<Response>());
    return next.handle();
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }
}

/** A route that tells whether an email has an account: limited per client address. */
export const EmailExistsThrottled = () => UseInterceptors(EmailExistsThrottleInterceptor);

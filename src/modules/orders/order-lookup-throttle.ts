import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnModuleDestroy, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { reserveAttempt, settleAttempt, throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const TOO_MANY_LOOKUPS = 'Too many order lookups. Please try again later.';

/**
 * The order lookup (`display_id` + `email`) answers a whole order, with name, address and
 * items, and display ids are sequential: guessing them must not pay. Failed lookups (404),
 * as failed logins are, are counted in advance and limited
 * - per email, from any address (ORDER_LOOKUP_THROTTLE_LIMIT): guessing one shopper's
 *   orders from many addresses is stopped too. Unlike logins this may lock the lookup of
 *   an email for the window, on purpose: the lookup is a convenience (the shopper's
 *   confirmation mail and account reach the order as well), an account is not locked;
 * - per client address (ORDER_LOOKUP_THROTTLE_ADDRESS_LIMIT): trying many emails from one place.
 * Over a budget every lookup is refused (429), a right one too, so the answers tell the
 * attacker nothing. A lookup that finds its order gives its place back, so a shopper (or a
 * storefront server looking up for many shoppers) is never slowed by successes.
 */
@Injectable()
export class OrderLookupThrottleInterceptor implements NestInterceptor, OnModuleDestroy {
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
    const { orderLimit, orderAddressLimit, orderTtlMs } = this.config.lookupThrottles;
    const email = typeof req.query.email === 'string' ? req.query.email.trim().toLowerCase() : '';
    const budgets = [
      { key: throttleKey('order-lookup-failures', 'email', email), limit: orderLimit },
      { key: throttleKey('order-lookup-failures', 'address', addressForLimits(clientAddress(req))), limit: orderAddressLimit },
    ];
    const { retryAfter } = await reserveAttempt(this.counters, budgets, orderTtlMs);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_LOOKUPS, retryAfter, http.getResponse<Response>());
    const giveBack = () => this.counters.release(budgets.map((b) => b.key));
    return settleAttempt(next.handle(), { isFailure: isNotFound, succeeded: giveBack, notCounted: giveBack });
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.type === ApiErrorType.NOT_FOUND;
}

/** The order lookup by display id and email: failed lookups are limited (OrderLookupThrottleInterceptor). */
export const OrderLookupThrottled = () => UseInterceptors(OrderLookupThrottleInterceptor);

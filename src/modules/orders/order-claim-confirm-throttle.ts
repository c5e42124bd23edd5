import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnModuleDestroy, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { reserveAttempt, settleAttempt, throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const TOO_MANY_CONFIRMS = 'Too many order claim confirmations. Please try again later.';

/**
 * Refused claim tokens (401) are counted per client address, with the login budget of an
 * address and its window (LOGIN_THROTTLE_ADDRESS_LIMIT, LOGIN_THROTTLE_TTL_MS): trying
 * tokens does not pay. A confirm that works, or a 400 of the body's shape, gives its place back.
 */
@Injectable()
export class OrderClaimConfirmThrottleInterceptor implements NestInterceptor, OnModuleDestroy {
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
    const budgets = [{ key: throttleKey('order-claim-refusals', addressForLimits(clientAddress(req))), limit: this.config.loginThrottleAddressLimit }];
    const { retryAfter } = await reserveAttempt(this.counters, budgets, this.config.loginThrottleTtlMs);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY_CONFIRMS, retryAfter, http.getResponse<Response>());
    const giveBack = () => this.counters.release(budgets.map((b) => b.key));
    return settleAttempt(next.handle(), { isFailure: isRefusedToken, succeeded: giveBack, notCounted: giveBack });
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }
}

function isRefusedToken(err: unknown): boolean {
  return err instanceof ApiError && err.type === ApiErrorType.UNAUTHORIZED;
}

/** The claim confirmation: refused tokens are limited per client address. */
export const OrderClaimConfirmThrottled = () => UseInterceptors(OrderClaimConfirmThrottleInterceptor);

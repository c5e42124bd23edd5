import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, OnModuleDestroy, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import { ApiError, ApiErrorType } from '../../common/errors/api-error';
import { addressForLimits, clientAddress } from '../../common/http/client-address';
import { reserveAttempt, settleAttempt, throttleKey, tooManyRequests } from '../../common/throttling/attempt-budgets';
import { PgAttemptCounters } from '../../common/throttling/pg-attempt-counters';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const TOO_MANY = 'Too many invitation attempts. Please try again later.';

/** A refused token (`Token is not valid`, `Invalid invite`): what guessing tokens produces. */
function isRefusedToken(err: unknown): boolean {
  return err instanceof ApiError && err.type === ApiErrorType.INVALID_DATA && (err.message === 'Invalid invite' || err.message === 'Token is not valid');
}

/**
 * POST /admin/invites/accept is anonymous: refused tokens are counted per client address,
 * as failed logins are (the same budget and window, LOGIN_THROTTLE_ADDRESS_LIMIT per
 * LOGIN_THROTTLE_TTL_MS); past it, 429 whatever the token. Counted before the handler runs
 * (attempts at the same moment cannot pass the budget together), given back unless refused.
 */
@Injectable()
export class InviteAcceptThrottleInterceptor implements NestInterceptor, OnModuleDestroy {
  private readonly counters: PgAttemptCounters;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    dataSource: DataSource,
  ) {
    this.counters = new PgAttemptCounters(dataSource);
  }

  onModuleDestroy(): void {
    this.counters.onModuleDestroy();
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const key = throttleKey('invite-accept-failures', addressForLimits(clientAddress(http.getRequest<Request>())));
    const { retryAfter } = await reserveAttempt(this.counters, [{ key, limit: this.config.loginThrottleAddressLimit }], this.config.loginThrottleTtlMs);
    if (retryAfter > 0) throw tooManyRequests(TOO_MANY, retryAfter, http.getResponse<Response>());
    return settleAttempt(next.handle(), {
      isFailure: isRefusedToken,
      succeeded: () => this.counters.release([key]),
      notCounted: () => this.counters.release([key]),
    });
  }
}

export const InviteAcceptThrottled = () => UseInterceptors(InviteAcceptThrottleInterceptor);

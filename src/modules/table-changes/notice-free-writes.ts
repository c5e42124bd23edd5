import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/** The requests whose handler is declared @WritesNoNotice(), marked before the handler runs. */
const noticeFreeRequests = new WeakSet<Request>();

/** Marks the request as handled by a @WritesNoNotice() handler (see there). */
@Injectable()
class NoticeFreeWriteMarker implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    noticeFreeRequests.add(context.switchToHttp().getRequest<Request>());
    return next.handle();
  }
}

/**
 * Declares that a write handler never changes a table announced on TABLE_CHANGES_CHANNEL
 * or ROW_CHANGES_CHANNEL (store cart writes: carts, their lines, addresses, shipping
 * methods, payment sessions, discount and gift card links, guest customers, idempotency
 * keys), so its response needs no write fence: no cached answer can be older than it.
 * Completion (stock, discount usage, gift card balances, payments) and admin writes are not.
 *
 * The interceptor it adds runs only on the handlers that carry it; a request that fails
 * before reaching it (guard, unknown route) keeps its fence.
 * test/e2e/platform/notice-free-writes.e2e-spec.ts sends every such write and fails if
 * one announces anything or is fenced.
 */
export function WritesNoNotice(): MethodDecorator & ClassDecorator {
  return UseInterceptors(NoticeFreeWriteMarker);
}

/** Whether a finished write request was answered by a @WritesNoNotice() handler. */
export function isNoticeFreeWrite(req: Request): boolean {
  return noticeFreeRequests.has(req);
}

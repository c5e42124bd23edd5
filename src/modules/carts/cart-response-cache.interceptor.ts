import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, tap } from 'rxjs';
import { rowVersionOf } from '../../common/database/json-tree-loader';
import { captureSentJson } from '../../common/http/cached-responses';
import type { Cart } from './cart.entity';
import { CartResponseCache } from './cart-response-cache';

/** What a cart answer shows of the often written rows (ROW_CHANGE_TABLES), as `<table>:<id>`. */
export function cartDependencies(cart: Cart): string[] {
  const deps = new Set<string>();
  for (const item of cart.items ?? []) if (item.variant_id) deps.add(`product_variant:${item.variant_id}`);
  for (const discount of cart.discounts ?? []) deps.add(`discount:${discount.id}`);
  for (const card of cart.gift_cards ?? []) deps.add(`gift_card:${card.id}`);
  if (cart.payment_id) deps.add(`payment:${cart.payment_id}`);
  return [...deps];
}

/**
 * Stores GET /store/carts/:id answers (plain URL, no query string) in CartResponseCache,
 * with the cart row version read by the same query as the cart, and the JSON exactly as
 * sent (after the expand/fields interceptor). Hits are answered by
 * cartResponseCacheMiddleware, before Nest's router.
 */
@Injectable()
export class CartResponseCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: CartResponseCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (req.method !== 'GET' || req.originalUrl.includes('?') || !this.cache.trusted) return next.handle();
    // Read before the cart is: a notice arriving while it loads keeps the answer out.
    const epoch = this.cache.epoch;
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      tap((body) => {
        const cart = (body as { cart?: Cart } | undefined)?.cart;
        const version = cart ? rowVersionOf(cart) : undefined;
        if (!cart || !version) return;
        const deps = cartDependencies(cart);
        captureSentJson(res, (json, etag) => this.cache.store(cart.id, { version, deps, body: json, etag, customerId: cart.customer_id }, epoch));
      }),
    );
  }
}

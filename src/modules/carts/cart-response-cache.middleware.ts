import type { NextFunction, Request, Response } from 'express';
import { setCachedHeaders } from '../catalogue-cache/catalogue-cache.interceptor';
import type { CartResponseCache } from './cart-response-cache';

/** GET /store/carts/:id without a query string; ids are plain, so an escaped one is left to the route. */
const CART_URL = /^\/store\/carts\/([A-Za-z0-9_-]+)$/;

/**
 * Answers GET /store/carts/:id ahead of Nest's router when a stored answer exists for the
 * cart row's current version (one primary-key read). Everything else, and any failure
 * to read the version, goes on to the route, which answers from the database (and 404s,
 * 503s, ... as usual). A request that may carry a customer (session cookie or bearer
 * token) goes to the route too: a logged-in customer's read may attach the cart to them
 * (CartsService.retrieve). Anonymous answers do not depend on who asks.
 */
export function cartResponseCacheMiddleware(cache: CartResponseCache) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || !cache.trusted || mayCarryCustomer(req)) return next();
    const match = CART_URL.exec(req.originalUrl);
    if (!match || !cache.has(match[1])) return next();
    const cartId = match[1];
    cache.currentVersion(cartId).then(
      (version) => {
        const hit = version !== undefined && cache.trusted ? cache.lookup(cartId, version) : undefined;
        if (!hit) return next();
        setCachedHeaders(res, hit);
        res.send(hit.encoded);
      },
      () => next(),
    );
  };
}

function mayCarryCustomer(req: Request): boolean {
  return Boolean(req.session?.customer_id) || req.headers.authorization !== undefined;
}

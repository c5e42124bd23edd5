import type { NextFunction, Request, Response } from 'express';
import { sessionStoreIdentity } from '../../common/auth/session';
import { setCachedHeaders } from '../../common/http/cached-responses';
import type { CartResponseCache } from './cart-response-cache';

/** GET /store/carts/:id without a query string; ids are plain, so an escaped one is left to the route. */
const CART_URL = /^\/store\/carts\/([A-Za-z0-9_-]+)$/;

/**
 * Answers GET /store/carts/:id ahead of Nest's router when a stored answer exists for the
 * cart row's current version (one primary-key read). Everything else, and any failure
 * to read the version, goes on to the route, which answers from the database (and 404s,
 * 503s, ... as usual). A logged-in customer's read may attach the cart to them
 * (CartsService.retrieve), so it is answered here only when the stored version already
 * belongs to the session's customer; a bearer token (checked by the guard) always goes
 * to the route. Otherwise the answer does not depend on who asks.
 */
export function cartResponseCacheMiddleware(cache: CartResponseCache) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || !cache.trusted || req.headers.authorization !== undefined) return next();
    const match = CART_URL.exec(req.originalUrl);
    if (!match || !cache.has(match[1])) return next();
    const cartId = match[1];
    // The customer the guard will see for this request (it has no bearer token).
    const sessionCustomer = sessionStoreIdentity(req)?.customerId;
    cache.currentVersion(cartId).then(
      (version) => {
        const hit = version !== undefined && cache.trusted ? cache.lookup(cartId, version) : undefined;
        if (!hit || (sessionCustomer && hit.customerId !== sessionCustomer)) return next();
        setCachedHeaders(res, hit);
        res.send(hit.encoded);
      },
      () => next(),
    );
  };
}

import type { Request, Response } from 'express';
import { captureSentJson } from '../../common/http/cached-responses';
import type { Cart } from './cart.entity';
import type { CartView } from './cart-loader.service';
import type { CartResponseCache } from './cart-response-cache';

/** What a cart answer shows of the often written rows (ROW_CHANGE_TABLES), as `<table>:<id>`. */
function cartDependencies(cart: Cart): string[] {
  const deps = new Set<string>();
  for (const item of cart.items ?? []) if (item.variant_id) deps.add(`product_variant:${item.variant_id}`);
  for (const discount of cart.discounts ?? []) deps.add(`discount:${discount.id}`);
  for (const card of cart.gift_cards ?? []) deps.add(`gift_card:${card.id}`);
  if (cart.payment_id) deps.add(`payment:${cart.payment_id}`);
  return [...deps];
}

/**
 * Starts keeping a GET /store/carts/:id answer (plain URL, no query string) in
 * CartResponseCache; call it before the cart is read (a notice arriving while it loads
 * keeps the answer out), then call what it returns with the view read. The answer is
 * stored with the view's row version and the JSON exactly as sent (after the expand/fields
 * interceptor); hits are answered by cartResponseCacheMiddleware, before Nest's router.
 * Undefined when the request's answer is not kept.
 */
export function captureCartAnswer(cache: CartResponseCache, req: Request, res: Response): ((view: CartView) => void) | undefined {
  if (req.method !== 'GET' || req.originalUrl.includes('?') || !cache.trusted) return undefined;
  const epoch = cache.epoch;
  return ({ cart, rowVersion }) => {
    if (!rowVersion) return;
    const deps = cartDependencies(cart);
    captureSentJson(res, (json, etag) => cache.store(cart.id, { version: rowVersion, deps, body: json, etag, customerId: cart.customer_id }, epoch));
  };
}

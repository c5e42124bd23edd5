/**
 * Store cart writes that never change a table announced on TABLE_CHANGES_CHANNEL or
 * ROW_CHANGES_CHANNEL: they write carts, their lines, addresses, shipping methods,
 * payment sessions, the cart's discount and gift card links, guest customers and
 * idempotency keys. Their responses need no write fence: no cached response can be older
 * than them. Completion (stock, discount usage, gift card balances, payments) is not
 * among them, nor is any admin write.
 *
 * test/e2e/platform/notice-free-writes.e2e-spec.ts sends every route matched here and
 * checks that no notice is announced; a route that starts writing an announced table
 * fails it.
 */
const NOTICE_FREE_CART_WRITES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: 'POST', path: /^\/store\/carts$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+\/line-items(\/[^/]+)?$/ },
  { method: 'DELETE', path: /^\/store\/carts\/[^/]+\/line-items\/[^/]+$/ },
  { method: 'DELETE', path: /^\/store\/carts\/[^/]+\/discounts\/[^/]+$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+\/shipping-methods$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+\/payment-sessions(\/[^/]+(\/refresh)?)?$/ },
  { method: 'DELETE', path: /^\/store\/carts\/[^/]+\/payment-sessions\/[^/]+$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+\/payment-session$/ },
  { method: 'POST', path: /^\/store\/carts\/[^/]+\/taxes$/ },
];

/** Whether a write request (`originalUrl`, query string included) is one of the notice-free cart writes. */
export function isNoticeFreeWrite(method: string, originalUrl: string): boolean {
  const query = originalUrl.indexOf('?');
  const path = query < 0 ? originalUrl : originalUrl.slice(0, query);
  return NOTICE_FREE_CART_WRITES.some((route) => route.method === method && route.path.test(path));
}

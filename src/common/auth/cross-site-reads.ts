import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RequestAuth } from './auth.decorators';

/** `Sec-Fetch-Site` values of requests the site itself (or the user, typing a URL) started. */
const SAME_SITE_FETCHES = new Set(['same-origin', 'same-site', 'none']);

/**
 * Whether a GET or HEAD authenticated by the session cookie may do more than read (the
 * one such effect today: GET /store/carts/:id gives a customer-less or guest cart to the
 * logged-in customer). A page on another site can make a browser send a GET with the
 * cookie and no preflight (an `<img>`, a link, a `fetch` in `no-cors` mode), so the
 * request must show it came from the shop itself:
 * - the browser marks it `Sec-Fetch-Site: same-origin`, `same-site` or `none`; or
 * - it carries an `Origin` allowed for the surface (STORE_CORS / ADMIN_CORS, or the API's
 *   own: `allowedOrigin`), as a storefront's `fetch` with credentials does; or
 * - it comes from a client that is not a browser: no `Sec-Fetch-Site` header and no
 *   `Origin` (a server-rendered storefront's fetch, medusa-js in Node, curl).
 * The decision rests on `Sec-Fetch-Site` alone, never on the other `Sec-Fetch-*` headers:
 * browsers that send fetch metadata always send `Sec-Fetch-Site` with it, while Node's own
 * fetch (undici) sends `Sec-Fetch-Mode: cors` on every request and nothing else of the set,
 * so "any sec-fetch-* header" would count a storefront server as a foreign browser.
 * Anything else (`Sec-Fetch-Site: cross-site` or an unknown value without an allowed
 * `Origin`, or an `Origin` not allowed) just reads. Requests authenticated otherwise (a
 * bearer JWT, which a browser never attaches on its own) or not at all are not concerned:
 * `byCookie` false.
 */
export function readMayChangeState(req: Request, byCookie: boolean, allowedOrigin: (origin: string) => boolean): boolean {
  if (!byCookie) return true;
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && SAME_SITE_FETCHES.has(site.trim().toLowerCase())) return true;
  const origin = req.headers.origin;
  if (origin !== undefined) return allowedOrigin(origin);
  // A browser's request from another site without an Origin (an <img>, a link) is marked so.
  return site === undefined;
}

/**
 * In a GET or HEAD handler: true when the request may change state besides answering
 * (readMayChangeState, decided by the auth guard, which knows the surface's origins);
 * false means the handler must only read. Other methods are checked by CrossSiteWrites.
 */
export const ReadMayChangeState = createParamDecorator((_: unknown, ctx: ExecutionContext): boolean => {
  const req = ctx.switchToHttp().getRequest<Request & { auth?: RequestAuth }>();
  return req.auth?.readMayChangeState === true;
});

import type { Request } from 'express';
import type { AppConfig } from '../../config/configuration';
import { ApiError } from '../errors/api-error';
import { originMatcher } from '../http/cors-origins';
import { readMayChangeState } from './cross-site-reads';
import type { Surface } from './surface';

/** What a handler's declaration says about the writes it accepts. */
export interface WriteRules {
  /** Its body may be multipart/form-data (file uploads). */
  multipart: boolean;
  /** It logs the caller in by setting the session cookie. */
  startsSession: boolean;
}

/**
 * Refuses the writes a browser can be made to send from another site (CSRF).
 *
 * The session cookie is the one credential a browser attaches on its own (in production
 * it is SameSite=None, since the admin and the storefront live on other origins), so a
 * state-changing request authenticated by it must show it was meant:
 * - its body, if any, is JSON (multipart on upload routes): a page on another site can
 *   send a form (urlencoded, multipart, text/plain) with the cookie and no preflight, but
 *   JSON only after a CORS preflight that the CORS configuration answers;
 * - its Origin, when sent (browsers send it on every cross-origin write), is one allowed
 *   for the route's surface (ADMIN_CORS or STORE_CORS) or this server's own.
 * Login routes get the Origin rule even without a cookie: logging a victim's browser into
 * the attacker's account is a forgery too.
 * Bearer JWTs and api tokens are never attached by a browser on its own, so requests
 * authenticated by them (and requests without the cookie) are left alone.
 */
export class CrossSiteWrites {
  private readonly admin: (origin: string) => boolean;
  private readonly store: (origin: string) => boolean;

  constructor(config: Pick<AppConfig, 'adminCors' | 'storeCors'>) {
    this.admin = originMatcher(config.adminCors);
    this.store = originMatcher(config.storeCors);
  }

  /** Throws a 403 `not_allowed` for a write that may have been forged. */
  check(req: Request, surface: Surface, byCookie: boolean, rules: WriteRules): void {
    const method = req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return;
    if (!byCookie && !rules.startsSession) return;

    const origin = req.headers.origin;
    if (origin !== undefined && !this.allowedOrigin(origin, surface, req)) {
      throw ApiError.forbidden(
        `Requests from origin ${origin} may not change anything with this session; the origin is not in the ${surface === 'admin' ? 'ADMIN_CORS' : 'STORE_CORS'} setting.`,
      );
    }
    if (byCookie && !acceptedBody(req, rules.multipart)) {
      throw ApiError.forbidden(
        `A request authenticated by the session cookie must send its body as application/json${rules.multipart ? ' or multipart/form-data' : ''}.`,
      );
    }
  }

  /** For a GET or HEAD: whether it may change state besides reading (readMayChangeState). */
  readMayChangeState(req: Request, surface: Surface, byCookie: boolean): boolean {
    return readMayChangeState(req, byCookie, (origin) => this.allowedOrigin(origin, surface, req));
  }

  private allowedOrigin(origin: string, surface: Surface, req: Request): boolean {
    if ((surface === 'admin' ? this.admin : this.store)(origin)) return true;
    // Same origin (e.g. the API docs page): the Host header is the browser's, not the page's.
    const host = req.headers.host;
    return host !== undefined && origin === `${req.protocol}://${host}`;
  }
}

/** A JSON body, a multipart one where allowed, or none at all (no Content-Type and nothing in it). */
function acceptedBody(req: Request, multipart: boolean): boolean {
  const contentType = req.headers['content-type'];
  if (contentType === undefined) return req.headers['transfer-encoding'] === undefined && Number(req.headers['content-length'] ?? 0) === 0;
  const semicolon = contentType.indexOf(';');
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (multipart && type === 'multipart/form-data');
}

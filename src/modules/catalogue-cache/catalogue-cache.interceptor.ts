import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Observable, of } from 'rxjs';
import { CatalogueCacheService } from './catalogue-cache.service';
import type { ChangeScope } from './change-scopes';
import type { CachedBody } from './lru-body-cache';

const CATALOGUE_CACHE = 'catalogue-cache';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface CatalogueCacheOptions {
  /** The tables this response reads, by name (SCOPE_TABLES). */
  scope: ChangeScope;
  /**
   * Query parameters that make the response depend on more than the URL (for instance
   * `cart_id`: the cart's region prices the products, and a cart can change region).
   * A request carrying any of them is never answered from, nor stored in, the cache.
   */
  bypassQuery?: string[];
  /**
   * The route's guards admit every request and learn nothing that changes the body (a
   * store route without @CustomerRequired): a hit is then answered by the module's
   * middleware, before Nest's router, guards and interceptors (a third of the cost of a
   * hit). Never for an /admin route: there the guard must run on every request.
   */
  answerBeforeGuards?: boolean;
}

/**
 * Serves a GET route's 200 responses from the catalogue cache. Only for responses that
 * depend on nothing but the URL and the database, not on who asks.
 */
export const CachedCatalogueResponse = (options: CatalogueCacheOptions) =>
  applyDecorators(SetMetadata(CATALOGUE_CACHE, options), UseInterceptors(CatalogueCacheInterceptor));

/** The headers a stored response was sent with (Express keeps a preset ETag: no re-hashing). */
export function setCachedHeaders(res: Response, hit: Pick<CachedBody, 'etag'>): void {
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  if (hit.etag) res.setHeader('ETag', hit.etag);
}

/**
 * The key is the URL as received (path and raw query string): two requests share an
 * entry only when they are the same request. Only 200s are stored, so a query that fails
 * validation (400) or names a missing row (404) is answered by the route every time. A
 * hit sends the stored JSON text and ETag as they are (no serialization, no hashing).
 * It runs after the guards (authentication; expand/fields validation), and stores the
 * body exactly as it went on the wire (after `fields` trimming and secret stripping).
 */
@Injectable()
export class CatalogueCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: CatalogueCacheService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<CatalogueCacheOptions | undefined>(CATALOGUE_CACHE, context.getHandler());
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!options || req.method !== 'GET' || !this.cache.listener) return next.handle();
    if (!this.cache.trusted || this.dependsOnMoreThanUrl(req, options)) {
      this.cache.stats.bypassed++;
      return next.handle();
    }
    const key = req.originalUrl;
    const res = http.getResponse<Response>();
    const hit = this.cache.lookup(key);
    if (hit) {
      // Nest hands a string body to res.send() as it is (only objects are JSON-encoded);
      // send() then gets the bytes encoded when the entry was stored.
      setCachedHeaders(res, hit);
      const send = res.send;
      res.send = function (this: Response, body?: unknown) {
        res.send = send;
        return send.call(this, body === hit.body ? hit.encoded : body);
      } as Response['send'];
      return of(hit.body);
    }
    const generation = this.cache.generation(options.scope);
    const early = options.answerBeforeGuards === true;
    captureSentJson(res, (body, etag) => this.cache.store(key, { scope: options.scope, early, body, etag }, generation));
    return next.handle();
  }

  private dependsOnMoreThanUrl(req: Request, options: CatalogueCacheOptions): boolean {
    if (!options.bypassQuery?.length) return false;
    const query = req.query as Record<string, unknown>;
    return options.bypassQuery.some((name) => query[name] !== undefined);
  }
}

/**
 * Hands the JSON text of this response's send() to `keep` when it is a 200. Express's
 * res.json() serializes and then calls res.send() with the string; error responses
 * (written by the exception filter with their 4xx/5xx status) are not kept.
 */
export function captureSentJson(res: Response, keep: (body: string, etag?: string) => void): void {
  const send = res.send;
  res.send = function (this: Response, body?: unknown) {
    res.send = send;
    const keepable = res.statusCode === 200 && typeof body === 'string' && String(res.getHeader('Content-Type')).startsWith('application/json');
    const result = send.call(this, body);
    if (keepable) {
      const etag = res.getHeader('ETag');
      keep(body as string, typeof etag === 'string' ? etag : undefined);
    }
    return result;
  } as Response['send'];
}

import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { Observable, of } from 'rxjs';
import { captureSentJson, setCachedHeaders } from '../../common/http/cached-responses';
import type { ChangeScope } from '../table-changes/change-scopes';
import { CatalogueCacheService } from './catalogue-cache.service';

const CATALOGUE_CACHE = 'catalogue-cache';

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
 * The cache key of a request: its URL as received, and the `x-publishable-api-key` header
 * when sent (a key scopes the store's product answers to its sales channels).
 */
export function catalogueCacheKey(req: Request): string {
  const key = req.headers['x-publishable-api-key'];
  return key === undefined ? req.originalUrl : `${req.originalUrl}\u0000${String(key)}`;
}

/**
 * Serves a GET route's 200 responses from the catalogue cache. Only for responses that
 * depend on nothing but the URL and the database, not on who asks.
 */
export const CachedCatalogueResponse = (options: CatalogueCacheOptions) =>
  applyDecorators(SetMetadata(CATALOGUE_CACHE, options), UseInterceptors(CatalogueCacheInterceptor));

/**
 * The key is the URL as received (path and raw query string) with the publishable key
 * header (catalogueCacheKey): two requests share an entry only when they are the same request. Only 200s are stored, so a query that fails
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
    if (!options || req.method !== 'GET' || !this.cache.enabled) return next.handle();
    if (!this.cache.trusted || this.dependsOnMoreThanUrl(req, options)) {
      this.cache.stats.bypassed++;
      return next.handle();
    }
    const key = catalogueCacheKey(req);
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

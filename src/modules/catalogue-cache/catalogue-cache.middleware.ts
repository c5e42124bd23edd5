import type { NextFunction, Request, Response } from 'express';
import { setCachedHeaders } from '../../common/http/cached-responses';
import { catalogueCacheKey } from './catalogue-cache.interceptor';
import type { CatalogueCacheService } from './catalogue-cache.service';

/**
 * Answers, ahead of Nest's router, a GET whose exact URL (and key header) has a stored response marked
 * answerBeforeGuards (public store routes), while the cache is trusted. Everything else
 * goes on.
 */
export function catalogueCacheMiddleware(cache: CatalogueCacheService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'GET') {
      const hit = cache.lookupEarly(catalogueCacheKey(req));
      if (hit) {
        setCachedHeaders(res, hit);
        res.send(hit.encoded);
        return;
      }
    }
    next();
  };
}

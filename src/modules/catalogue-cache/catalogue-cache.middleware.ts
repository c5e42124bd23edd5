import type { NextFunction, Request, Response } from 'express';
import { setCachedHeaders } from './catalogue-cache.interceptor';
import type { CatalogueCacheService } from './catalogue-cache.service';
import { isNoticeFreeWrite } from './notice-free-writes';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs on every request, ahead of Nest's router:
 * - a GET whose exact URL has a stored response marked answerBeforeGuards (public store
 *   routes) is answered here, while the cache is trusted;
 * - when the response to a request that may have written (any method but GET, HEAD,
 *   OPTIONS) is finished, the cache is bypassed until the notices of its commits have
 *   arrived (CatalogueCacheService.writeFinished), so this instance never serves a
 *   cached response older than a write it has answered; the store's cart writes that
 *   announce nothing (isNoticeFreeWrite) need no fence.
 */
export function catalogueCacheMiddleware(cache: CatalogueCacheService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'GET') {
      const hit = cache.lookupEarly(req.originalUrl);
      if (hit) {
        setCachedHeaders(res, hit);
        res.send(hit.encoded);
        return;
      }
    } else if (!SAFE_METHODS.has(req.method) && !isNoticeFreeWrite(req.method, req.originalUrl)) {
      // 'finish': the response is with the OS; 'close' alone: the client went away.
      let done = false;
      const finished = () => {
        if (done) return;
        done = true;
        cache.writeFinished();
      };
      res.once('finish', finished);
      res.once('close', finished);
    }
    next();
  };
}

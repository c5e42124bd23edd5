import type { NextFunction, Request, Response } from 'express';
import { isNoticeFreeWrite } from './notice-free-writes';
import type { TableChangeNotices } from './table-change-notices';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs on every request (installed by configureApp), ahead of Nest's router: when the
 * response to a request that may have written (any method but GET, HEAD, OPTIONS) is
 * finished, the caches that follow the notices are bypassed until the notices of its
 * commits have arrived (TableChangeNotices.writeFinished), so this instance never serves a
 * cached answer older than a write it has answered. Whether the handler was declared
 * @WritesNoNotice() is known only after routing, so it is asked when the response ends.
 */
export function writeFenceMiddleware(notices: Pick<TableChangeNotices, 'enabled' | 'writeFinished'>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (notices.enabled && !SAFE_METHODS.has(req.method)) {
      // 'finish': the response is with the OS; 'close' alone: the client went away.
      let done = false;
      const finished = () => {
        if (done) return;
        done = true;
        if (!isNoticeFreeWrite(req)) notices.writeFinished();
      };
      res.once('finish', finished);
      res.once('close', finished);
    }
    next();
  };
}

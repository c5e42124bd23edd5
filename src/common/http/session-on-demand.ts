import type { Application, NextFunction, Request, RequestHandler, Response } from 'express';

/** The express-session middleware of each app, for the requests that start a session late. */
const sessionMiddlewares = new WeakMap<Application, RequestHandler>();

/**
 * Runs express-session only for requests that carry the session cookie.
 *
 * Why: without a cookie, express-session still builds a fresh session for every request
 * (a random id, a hash of it, and hooks on `writeHead` and `end`), only to throw it away
 * because `saveUninitialized` is off. Most API traffic has no cookie (API tokens, JWTs,
 * anonymous store requests), so that work was pure per-request overhead.
 *
 * A request without the cookie has no `req.session`. Code that logs someone in calls
 * `startSession` first (see `regenerateSessionWith`): it runs the same middleware then,
 * before any header is written, so the cookie is issued exactly as before.
 */
export function sessionOnDemand(app: Application, middleware: RequestHandler, cookieName: string): RequestHandler {
  sessionMiddlewares.set(app, middleware);
  const marker = `${cookieName}=`;
  return (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.headers.cookie;
    if (cookie !== undefined && cookie.includes(marker)) return middleware(req, res, next);
    next();
  };
}

/** Gives a request without the session cookie the session express-session would have given it. */
export function startSession(req: Request): Promise<void> {
  if (req.session) return Promise.resolve();
  const middleware = sessionMiddlewares.get(req.app);
  if (!middleware || !req.res) return Promise.resolve();
  return new Promise((resolve, reject) => middleware(req, req.res!, (err?: unknown) => (err ? reject(err as Error) : resolve())));
}

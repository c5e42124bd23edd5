import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * The JSON and urlencoded body parsers as one middleware that steps aside at once for a
 * request without a body (most GETs), with the same test body-parser itself makes
 * (type-is's hasBody: a Transfer-Encoding header or a numeric Content-Length).
 * A request with a body goes through both parsers exactly as before.
 */
export function bodyParsers(json: RequestHandler, urlencoded: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.headers['transfer-encoding'] === undefined && isNaN(req.headers['content-length'] as unknown as number)) {
      if (!('body' in (req as object))) req.body = undefined; // as body-parser leaves it
      next();
      return;
    }
    json(req, res, (err?: unknown) => (err ? next(err) : urlencoded(req, res, next)));
  };
}

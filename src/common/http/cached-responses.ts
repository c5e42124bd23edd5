import type { Response } from 'express';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** What the response caches (catalogue, cart answers) may hold in this process. */
export interface ResponseCacheBudget {
  /** Budget for cached response bodies; 0 turns the cache off. */
  maxBytes: number;
  /** At most this many cached responses, whatever their size. */
  maxEntries: number;
}

/** The headers a stored response was sent with (Express keeps a preset ETag: no re-hashing). */
export function setCachedHeaders(res: Response, hit: { etag?: string }): void {
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  if (hit.etag) res.setHeader('ETag', hit.etag);
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

import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { precomputedHeaders } from './security-headers';

/** Runs a middleware on a response stub and returns the headers it left, in order. */
function headersOf(middleware: RequestHandler): Array<[string, unknown]> {
  const headers = new Map<string, unknown>([['x-powered-by', 'Express']]);
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let nextCalls = 0;
  middleware({ url: '/x', headers: {} } as Request, res as unknown as Response, () => nextCalls++);
  expect(nextCalls).toBe(1);
  return [...headers];
}

describe('precomputedHeaders', () => {
  it('sets exactly the headers helmet sets, in the same order', () => {
    const options = { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' as const } };
    const expected = headersOf(helmet(options));
    expect(expected).toEqual(expect.arrayContaining([['x-frame-options', 'SAMEORIGIN']]));
    expect(expected.map(([name]) => name)).not.toContain('x-powered-by');
    expect(headersOf(precomputedHeaders(helmet(options)))).toEqual(expected);
  });

  it('refuses a middleware whose headers depend on the request', () => {
    const echo: RequestHandler = (req, res, next) => {
      res.setHeader('x-path', req.url);
      next();
    };
    expect(() => precomputedHeaders(echo)).toThrow(/reads req\.url/);
  });

  it('refuses a middleware that does more than set headers, or answers later', () => {
    expect(() => precomputedHeaders((_req, res, next) => (res.status(200), next()))).toThrow(/uses res\.status/);
    expect(() => precomputedHeaders((_req, _res, next) => void setTimeout(next))).toThrow(/did not call next/);
  });
});

import type { NextFunction, Request, RequestHandler, Response } from 'express';

type HeaderStep = { set: string; value: string | number | readonly string[] } | { remove: string };

/**
 * The headers a helmet middleware sets, written by one middleware from a list computed
 * once at boot.
 *
 * Why: helmet is a chain of a dozen tiny middlewares, each a closure call and a `next()`,
 * for headers that never depend on the request (with the options we use: no CSP nonce).
 * Replaying helmet's own calls keeps exactly its header names, values and order, and
 * follows helmet when it is upgraded or reconfigured.
 *
 * Throws at boot if the given middleware does anything else than set or remove headers
 * synchronously (then its output could depend on the request and must not be cached).
 */
export function precomputedHeaders(middleware: RequestHandler): RequestHandler {
  const steps = recordHeaderSteps(middleware);
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
    next();
  };
}

function recordHeaderSteps(middleware: RequestHandler): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return res;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  // Any other access (a request property, another response method) throws here.
  const req = new Proxy({}, { get: (_t, key) => fail(`reads req.${String(key)}`) });
  const guardedRes = new Proxy(res, { get: (target, key) => (key in target ? target[key as keyof typeof target] : fail(`uses res.${String(key)}`)) });
  let nextCalled = false;
  middleware(req as Request, guardedRes as unknown as Response, (err?: unknown) => {
    if (err) fail(`failed: ${String(err)}`);
    nextCalled = true;
  });
  if (!nextCalled) fail('did not call next() synchronously');
  return steps;
}

function fail(what: string): never {
  throw new Error(`precomputedHeaders: the header middleware ${what}; its headers cannot be computed once`);
}

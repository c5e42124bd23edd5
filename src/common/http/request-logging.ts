import { randomUUID } from 'crypto';
import type { IncomingMessage, ServerResponse } from 'http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Params } from 'nestjs-pino';
import { levels } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../../config/configuration';
import { redactQueryError, redactRequest } from './log-redaction';

/** Echoes a sane incoming x-request-id (a proxy's), or makes one; sets the response header. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const header = req.headers['x-request-id'];
  const id = typeof header === 'string' && header.length <= 128 ? header : randomUUID();
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * pino-http logs every finished request at `info` (its default `useLevel`, which we keep).
 * At `warn` and above (production's usual setting, and the benchmark's) no request line is
 * ever written.
 */
export function logsEveryRequest(config: Pick<AppConfig, 'logLevel'>): boolean {
  const value = (levels.values as Record<string, number>)[config.logLevel];
  return value !== undefined && value <= levels.values.info;
}

function pinoHttpOptions(config: AppConfig): Options {
  return {
    level: config.logLevel,
    genReqId: requestId,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-medusa-access-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_hash',
        '*.api_token',
      ],
      censor: '[redacted]',
    },
    // pino-http hands these pino's own serialisation of the request and the error.
    serializers: { req: redactRequest, err: redactQueryError },
    transport: config.nodeEnv === 'development' && process.stdout.isTTY ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    autoLogging: { ignore: (req) => req.url === '/health' },
  };
}

/**
 * nestjs-pino's parameters. When every request is logged, its pino-http middleware runs as
 * before: a child logger per request bound to the serialised (and redacted) request, and
 * the request line when the response finishes.
 *
 * Otherwise the middleware is not installed at all (`forRoutes: []`), and
 * `requestIdMiddleware` gives each request its id instead. Why: pino-http serialised and
 * redacted every request into a child logger (about 8% of the CPU of a small admin
 * request), and nestjs-pino's per-request AsyncLocalStorage turned on Node's promise hooks
 * for every promise of the process, for a request line that the level then dropped.
 * Warnings and errors logged while serving a request still go out, through the root
 * logger with the same redaction; the exception filter puts the request id and path on a
 * server error.
 */
export function loggerModuleParams(config: AppConfig): Params {
  return {
    pinoHttp: pinoHttpOptions(config),
    ...(logsEveryRequest(config) ? {} : { forRoutes: [] }),
  };
}

/**
 * Express middleware for when pino-http is not installed (see `loggerModuleParams`): the
 * request id pino-http would have given (`req.id`, and the x-request-id response header).
 * Returns undefined when pino-http runs, as it does this itself.
 */
export function requestIdMiddleware(config: AppConfig): RequestHandler | undefined {
  if (logsEveryRequest(config)) return undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    (req as Request & { id?: string }).id = requestId(req, res);
    next();
  };
}

import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import express, { type Application } from 'express';
import * as http from 'http';
import * as https from 'https';
import type { Socket } from 'net';

/**
 * Nest's Express adapter, with two differences.
 *
 * Routing is case-sensitive: `/ADMIN/customers` finds no route, rather than the admin
 * handler under a spelling that middleware comparing paths (CORS, caches, idempotency
 * keys, logs) would not recognise. Medusa's clients only send the lower-case paths.
 * Trailing slashes still match (strict routing stays off, as in Medusa v1); the guard
 * authenticates a handler the same whichever path reached it. The setting must be made
 * before anything touches the Express router, which Nest's adapter does in its
 * constructor, hence here.
 *
 * Its HTTP server creates every request and response with the Express app's
 * `request`/`response` objects as their prototypes.
 *
 * Why: Express gives each incoming request and response its own prototype with
 * `Object.setPrototypeOf` (`app.handle`). Changing an object's prototype throws away V8's
 * optimised shapes and inline caches for it, and that alone cost about 50 µs of CPU per
 * request on this 2-core machine: a bare Express app answering a POST took 0.14 ms of
 * CPU per request, the same app on this server 0.06 ms (docs/architecture.md, deviations).
 * When the object already has that prototype, `setPrototypeOf` returns at once.
 * Requests and responses stay `IncomingMessage`/`ServerResponse` instances with
 * Express's methods, as before.
 */
export class AppPrototypeExpressAdapter extends ExpressAdapter {
  constructor() {
    const app = express();
    app.set('case sensitive routing', true);
    super(app);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    const app = this.getInstance<Application & { request: http.IncomingMessage; response: http.ServerResponse }>();
    const serverOptions: http.ServerOptions = { IncomingMessage: requestClass(app.request), ServerResponse: responseClass(app.response) };
    this.httpServer = options?.httpsOptions ? https.createServer({ ...options.httpsOptions, ...serverOptions }, app) : http.createServer(serverOptions, app);
    if (options?.forceCloseConnections) (this as unknown as { trackOpenConnections(): void }).trackOpenConnections();
  }
}

/** A constructor that builds Node's request on `prototype` (a function, not a class: a class's `prototype` cannot be set). */
function requestClass(prototype: http.IncomingMessage): typeof http.IncomingMessage {
  function AppRequest(this: http.IncomingMessage, socket: Socket) {
    (http.IncomingMessage as unknown as (this: http.IncomingMessage, socket: Socket) => void).call(this, socket);
  }
  AppRequest.prototype = prototype;
  return AppRequest as unknown as typeof http.IncomingMessage;
}

function responseClass(prototype: http.ServerResponse): typeof http.ServerResponse {
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) {
    (http.ServerResponse as unknown as (this: http.ServerResponse, req: http.IncomingMessage, options?: unknown) => void).call(this, req, options);
  }
  AppResponse.prototype = prototype;
  return AppResponse as unknown as typeof http.ServerResponse;
}

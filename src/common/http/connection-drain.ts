import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { Application, NextFunction, Request, Response } from 'express';
import type { Server } from 'net';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

/**
 * The drain phase of a graceful shutdown. Nest's app.close() runs this hook before it
 * closes the HTTP server, so for `shutdownDrainMs` the instance still serves everything
 * while telling everyone to leave: /health answers 503 (load balancers and orchestrators
 * stop routing here) and every response carries `Connection: close` (keep-alive clients
 * and nginx drop their connections). Then the listener closes and in-flight requests
 * finish.
 *
 * Why: Node's server.close() closes the keep-alive connections that are idle at that
 * instant. A client that has just sent a request on one of them gets ECONNRESET (a POST
 * is not retried by anyone: a client-visible error; seen in scripts/soak.ts restarts).
 * After the drain no client holds an idle connection any more: each one was closed after
 * its last response, or by the client's own keep-alive timeout (shorter than the drain).
 */
@Injectable()
export class ConnectionDrain implements BeforeApplicationShutdown {
  private draining = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get isDraining(): boolean {
    return this.draining;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.draining = true;
    if (this.config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, this.config.shutdownDrainMs));
  }

  /**
   * Express wiring. `Connection: close` is decided when the headers are written, so
   * requests already in flight are covered; also once the listener is closed
   * (server.close() leaves connections that were busy at that instant open, and they
   * would keep serving their client). The check sits on the app's response prototype
   * (one function for every response), not on each response object: wrapping
   * `writeHead` per request cost two closures per request for a check that matters only
   * during shutdown.
   */
  install(app: Application): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- inside writeHead, `this` is the response
    const drain = this;
    // express gives every response of this app this prototype (app.response is not in its typings).
    const response = (app as unknown as { response: Response }).response;
    const writeHead = response.writeHead;
    response.writeHead = function writeHeadWhileDraining(this: Response, ...args: unknown[]) {
      if (!this.headersSent && drain.isLeaving(this.req)) this.setHeader('Connection', 'close');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];

    app.use((req: Request, res: Response, next: NextFunction) => {
      if (this.draining && req.path === '/health') {
        res.status(503).json({ type: 'service_unavailable', message: 'The service is shutting down.' });
        return;
      }
      next();
    });
  }

  private isLeaving(req: Request | undefined): boolean {
    if (this.draining) return true;
    const server = (req?.socket as unknown as { server?: Server } | undefined)?.server;
    return server?.listening === false;
  }
}

import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
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
   * Express middleware. Checked when the headers are written, so requests already in
   * flight are covered; also once the listener is closed (server.close() leaves connections
   * that were busy at that instant open, and they would keep serving their client).
   */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const server = (req.socket as unknown as { server?: Server }).server;
      const leaving = () => this.draining || server?.listening === false;
      const writeHead = res.writeHead;
      res.writeHead = function writeHeadWhileDraining(this: Response, ...args: unknown[]) {
        if (leaving() && !this.headersSent) this.setHeader('Connection', 'close');
        return (writeHead as (...a: unknown[]) => Response).apply(this, args);
      } as Response['writeHead'];
      if (this.draining && req.path === '/health') {
        res.status(503).json({ type: 'service_unavailable', message: 'The service is shutting down.' });
        return;
      }
      next();
    };
  }
}

import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application, NextFunction, Request, Response } from 'express';
import type { Server as HttpServer } from 'http';
import { Server as NetServer } from 'net';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const POLL_MS = 50;

/**
 * The HTTP side of a graceful shutdown, in the order that loses no request behind a proxy:
 *
 * 1. Stop accepting: only the listening socket closes (right after a short poll phase, see
 *    closeListenerAfterQuietPoll), so a new connection is refused. nginx retries a refused
 *    connection on the next instance for any method (nothing was sent), whereas it never
 *    retries a POST whose connection was reset after sending it.
 * 2. Finish what was received: for up to `shutdownDrainMs` the open connections stay
 *    open. Every response now carries `Connection: close`, so a connection closes cleanly
 *    right after answering, and `/health` answers 503 on a kept-alive connection. Idle
 *    keep-alive connections are left to the client to close (nginx's `keepalive_timeout`,
 *    4 s in deploy/, is below the 6 s production drain): a client sending on one gets its
 *    answer.
 * 3. Then close the idle connections left, each after the event loop has read what
 *    arrived on it (a request already received is answered, not reset), and wait for the
 *    busy ones to answer.
 *
 * Why not Node's `server.close()`: since Node 19 it also destroys every connection without
 * a request in progress, including one whose next request has arrived but not been read
 * yet; the kernel answers that with a reset (seen as a 502 on a POST behind nginx at the
 * end of a rolling restart). Nest's `app.close()` calls it afterwards, when nothing is
 * left for it to close.
 *
 * main.ts runs `drain()` before `app.close()`, so every request finishes while the whole
 * application (queue, caches, pools) still runs; `app.close()` alone (tests, CLIs) drains
 * through `beforeApplicationShutdown`.
 */
@Injectable()
export class ConnectionDrain implements BeforeApplicationShutdown {
  private draining = false;
  private drained?: Promise<void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  get isDraining(): boolean {
    return this.draining;
  }

  /** Stops accepting, finishes every received request, closes the connections; once, however often called. */
  drain(server: HttpServer | undefined): Promise<void> {
    return (this.drained ??= this.run(server));
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.drain(this.adapterHost.httpAdapter?.getHttpServer() as HttpServer | undefined);
  }

  /**
   * Express wiring. `Connection: close` is decided when the headers are written, so
   * requests already in flight are covered; also once the listener is closed (a server
   * stopped some other way). The check sits on the app's response prototype (one function
   * for every response), not on each response object: wrapping `writeHead` per request
   * cost two closures per request for a check that matters only during shutdown.
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

  private async run(server: HttpServer | undefined): Promise<void> {
    if (server?.listening) await closeListenerAfterQuietPoll(server);
    // Only now: `Connection: close` makes a proxy open a new connection for its next
    // request, which must be refused, not queued behind a listener about to close.
    this.draining = true;
    if (!server) return;
    const deadline = Date.now() + this.config.shutdownDrainMs;
    while ((await openConnections(server)) > 0 && Date.now() < deadline) await sleep(POLL_MS);
    while ((await openConnections(server)) > 0) {
      // Right after a poll phase: a request that has arrived on an idle connection has been
      // read and parsed, so its connection is busy and is left to answer.
      await afterPoll();
      server.closeIdleConnections();
      await sleep(POLL_MS);
    }
  }

  private isLeaving(req: Request | undefined): boolean {
    if (this.draining) return true;
    const server = (req?.socket as unknown as { server?: NetServer } | undefined)?.server;
    return server?.listening === false;
  }
}

function openConnections(server: NetServer): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closes the listening socket only, in the check phase right after a poll phase that took
 * less than QUIET_POLL_NS. Why: the kernel completes connections before Node accepts them,
 * and closing the listener resets every connection still in that queue, with the proxy's
 * request already sent (lost: nginx does not retry a POST then). The poll phase accepts
 * everything queued at its start; after a short one, next to nothing can have arrived since.
 * Under load (long poll phases) it tries again, up to QUIET_POLL_TRIES times.
 */
async function closeListenerAfterQuietPoll(server: NetServer): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const closed = await new Promise<boolean>((resolve) =>
      setTimeout(() => {
        const polling = process.hrtime.bigint();
        setImmediate(() => {
          if (process.hrtime.bigint() - polling > QUIET_POLL_NS && attempt < QUIET_POLL_TRIES) return resolve(false);
          NetServer.prototype.close.call(server);
          resolve(true);
        });
      }, 0),
    );
    if (closed) return;
  }
}

const QUIET_POLL_NS = 300_000n;
const QUIET_POLL_TRIES = 200;

/** Resolves in the check phase that follows the next poll phase (timer, then poll, then setImmediate). */
const afterPoll = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

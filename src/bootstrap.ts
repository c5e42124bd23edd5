import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import express, { Application, NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import { ADMIN_PREFIX } from './common/auth/surface';
import { poolOf } from './common/database/pg-internals';
import { keepClientErrorsFromCrashing } from './common/database/pool-client-errors';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ApiError } from './common/errors/api-error';
import { ADMIN_DASHBOARD_PATH, adminDashboard } from './common/http/admin-dashboard';
import { originMatcher } from './common/http/cors-origins';
import { ConnectionDrain } from './common/http/connection-drain';
import { SessionStore } from './common/http/session-store';
import { requestIdMiddleware } from './common/http/request-logging';
import { precomputedHeaders } from './common/http/security-headers';
import { sessionOnDemand } from './common/http/session-on-demand';
import { addMedusaSchemas } from './common/openapi/medusa-schemas';
import { BodyShapeError, verifyJsonShape } from './common/validation/body-shape';
import type { AppConfig } from './config/configuration';
import { STRIPE_WEBHOOK_PATH } from './modules/payments/stripe/stripe-webhook.controller';
import { TableChangeNotices } from './modules/table-changes/table-change-notices';
import { writeFenceMiddleware } from './modules/table-changes/write-fence.middleware';

const NO_CORS = Object.freeze({ origin: false });

/**
 * Whether a request's first path segment names the admin surface: compared after
 * percent-decoding and without regard to case, so every spelling that could possibly
 * reach an admin handler gets the admin origins.
 *
 * Why from the path and not from the handler's declared surface (as the guard does): CORS
 * answers preflights, which match no handler, and runs before routing. That is safe
 * because CORS only decides which origins may read a response (and send JSON with
 * credentials); whether the request is allowed at all is the guard's decision, made from
 * the handler's declaration. Routing is case-sensitive and matches the undecoded path
 * (AppPrototypeExpressAdapter), so only `/admin/...` reaches an admin handler, and every
 * such request is answered with ADMIN_CORS; the looser match here only widens that to
 * spellings that find no route.
 */
function isAdminPath(path: string): boolean {
  const end = path.indexOf('/', 1);
  let segment = end < 0 ? path.slice(1) : path.slice(1, end);
  if (segment.includes('%')) {
    try {
      segment = decodeURIComponent(segment);
    } catch {
      return true; // finds no route either way
    }
  }
  return segment.length === ADMIN_PREFIX.length && segment.toLowerCase() === ADMIN_PREFIX;
}

/**
 * Everything at the Express level that main.ts and the e2e tests share: query parser,
 * body limits, helmet, per-surface CORS, the PostgreSQL-backed session, a JSON error for
 * anything failing before Nest's router, and the OpenAPI document.
 * The app must be created with `bodyParser: false`. Returns the OpenAPI document it serves.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): OpenAPIObject {
  // medusa-js serialises queries with qs: created_at[gt]=..., id[0]=...
  app.set('query parser', 'extended');
  if (config.trustProxy) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  const expressApp = app.getHttpAdapter().getInstance() as Application;
  app.get(ConnectionDrain).install(expressApp);
  app.use(writeFenceMiddleware(app.get(TableChangeNotices)));

  app.use(precomputedHeaders(helmet({ contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } })));
  if (config.adminDashboardDir) app.use(ADMIN_DASHBOARD_PATH, adminDashboard(config.adminDashboardDir));

  const admin = originMatcher(config.adminCors);
  const store = originMatcher(config.storeCors);
  app.enableCors((req: Request, cb) => {
    const origin = req.headers.origin;
    // Not a cross-origin request (most API traffic): cors steps aside for `origin: false`.
    if (origin === undefined) return cb(null, NO_CORS);
    const isAdmin = isAdminPath(req.path);
    cb(null, {
      origin: (isAdmin ? admin : store)(origin) ? origin : false,
      credentials: true,
      exposedHeaders: ['Idempotency-Key', 'x-request-id'],
    });
  });

  // Stripe signs the exact bytes it sends: its webhook's JSON body is kept raw (and then not parsed below).
  app.use(STRIPE_WEBHOOK_PATH, express.raw({ type: 'application/json', limit: config.bodyLimit }));
  // A JSON body's depth, keys per object and values are bounded on its bytes, before it is parsed.
  app.use(express.json({ limit: config.bodyLimit, verify: verifyJsonShape }));
  app.use(express.urlencoded({ extended: true, limit: config.bodyLimit }));

  const pool = poolOf(app.get(DataSource));
  keepClientErrorsFromCrashing(pool);
  const sessionMiddleware = session({
    name: config.sessionCookieName,
    secret: config.sessionSecret,
    store: app.get(SessionStore).open(pool),
    resave: false,
    saveUninitialized: false,
    rolling: false,
    proxy: config.trustProxy,
    cookie: {
      httpOnly: true,
      maxAge: config.sessionTtlMs,
      secure: config.isProduction,
      sameSite: config.isProduction ? 'none' : 'lax',
    },
  });
  app.use(sessionOnDemand(expressApp, sessionMiddleware, config.sessionCookieName));

  const requestIds = requestIdMiddleware(config);
  if (requestIds) app.use(requestIds);

  // Errors raised by the body parser or the session store never reach Nest's filters.
  const filter = new AllExceptionsFilter();
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const { status, body } = filter.toResponse(err instanceof BodyShapeError ? ApiError.invalid(err.message) : err);
    res.status(status).json(body);
  });

  const document = addMedusaSchemas(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Commerce API (Medusa v1 compatible)')
        .setDescription(
          'Admin (/admin) and Store (/store) REST API, wire-compatible with Medusa v1. `expand` replaces the default relations (as in Medusa v1); `fields` returns only the named fields plus id; unknown names are a 400.',
        )
        .setVersion('1.0')
        .addCookieAuth(config.sessionCookieName)
        .addBearerAuth()
        .addApiKey({ type: 'apiKey', in: 'header', name: 'x-medusa-access-token' }, 'api_token')
        .build(),
    ),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return document;
}

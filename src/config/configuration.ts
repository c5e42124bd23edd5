import { resolve } from 'path';
import type { ResponseCacheBudget } from '../common/http/cached-responses';
import { StartupError } from '../common/runtime/startup-error';
import type { BatchJobsConfig } from '../modules/batch-jobs/batch-jobs.config';
import type { FilesConfig } from '../modules/files/files.config';
import { MailConfig, SHIPPED_TEMPLATES } from '../modules/mail/mail.config';
import type { QueueConfig } from '../modules/queue/queue.config';
import { developmentSecrets, DevSecrets } from './dev-secrets';

/**
 * Every environment variable the service reads, validated once at boot, here and nowhere
 * else: the server and the CLIs call loadConfig() once at their entry point and pass the
 * result down (createApp -> AppModule.forRoot -> the APP_CONFIG provider); each module
 * takes its slice. The README's configuration table lists exactly these variables. In production
 * the secrets are required, at least 32 characters and none of the published example
 * values; elsewhere missing ones fall back to random secrets kept in the checkout, with
 * one warning line.
 */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  database: DatabaseConfig;
  sessionSecret: string;
  jwtSecret: string;
  sessionTtlMs: number;
  sessionCookieName: string;
  storeCors: string[];
  adminCors: string[];
  logLevel: string;
  bodyLimit: string;
  seedDemo: boolean;
  /** Trust one proxy hop: the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /** Failed logins per (client address, email) within the window; more are refused. */
  loginThrottleLimit: number;
  /** Failed logins per client address, whatever the email, within the window. */
  loginThrottleAddressLimit: number;
  loginThrottleTtlMs: number;
  /** Registrations per client address per minute. */
  registrationThrottleLimit: number;
  /** Password reset mails per mailbox (account email) per hour, whatever the client addresses. */
  passwordResetMailsPerHour: number;
  lookupThrottles: LookupThrottlesConfig;
  /** A built Medusa admin dashboard to serve at /app (unset: nothing is served there). */
  adminDashboardDir?: string;
  /** On shutdown, how long to keep serving (every response `Connection: close`, /health 503) before closing the listener. */
  shutdownDrainMs: number;
  /** Registers the `test` payment provider (its outcome is scripted by the session data): for test runs only, refused in production. */
  testPaymentProvider: boolean;
  /** A demo admin's password for the demo data seeded at start in production (SEED_ADMIN_PASSWORD). */
  seedAdminPassword?: string;
  /** Where npm was invoked (INIT_CWD): the CLIs resolve the paths they are given from it. */
  invocationDir: string;
  /** How long completed idempotency keys are kept. */
  idempotencyKeyTtlMs: number;
  queue: QueueConfig;
  batchJobs: BatchJobsConfig;
  files: FilesConfig;
  mail: MailConfig;
  events: EventsConfig;
  webhooks: WebhooksConfig;
  /** Responses of the catalogue routes (maxBytes 0: off). */
  catalogueCache: ResponseCacheBudget;
  /** `GET /store/carts/:id` answers (maxBytes 0: off). */
  cartCache: ResponseCacheBudget;
  /** The LISTEN connection every cache follows; false turns those caches off. */
  tableChangeNotices: boolean;
  /** Card payments through Stripe (the `stripe…` providers): unset without STRIPE_API_KEY. */
  stripe?: StripeConfig;
}

export interface StripeConfig {
  apiKey: string;
  /** Verifies POST /stripe/hooks; without it every webhook is refused. */
  webhookSecret?: string;
  /** `capture_method: automatic` for the `stripe` provider (the redirect methods always capture at once). */
  captureAutomatically: boolean;
  automaticPaymentMethods: boolean;
  paymentDescription?: string;
  /** Where the Stripe API is reached (tests point it at a local fake); unset: https://api.stripe.com. */
  apiBaseUrl?: URL;
}

export interface DatabaseConfig {
  /** Unset: the embedded PostgreSQL, whose URL the entry point fills in before creating the app. */
  url?: string;
  poolSize: number;
  connectTimeoutMs: number;
  logQueries: boolean;
  /** Repeated texts and JSON-tree reads run as named statements (src/common/database/pg-internals). */
  preparedStatements: boolean;
  embeddedDir: string;
  embeddedPort: number;
}

/** Lookups a shopper's storefront makes by email, which an outsider could repeat to guess. */
interface LookupThrottlesConfig {
  /** Failed order lookups (GET /store/orders?display_id&email) per email, from any address, within the window. */
  orderLimit: number;
  /** Failed order lookups per client address, whatever the emails, within the window. */
  orderAddressLimit: number;
  orderTtlMs: number;
  /** Account lookups (GET /store/auth/:email) per client address within the window. */
  emailExistsLimit: number;
  emailExistsTtlMs: number;
}

interface EventsConfig {
  pollIntervalMs: number;
  retentionDays: number;
}

interface WebhooksConfig {
  retryLimit: number;
  retryDelaySeconds: number;
  timeoutMs: number;
  /** Added to timeoutMs: an attempt not recorded within both is taken as cut (its worker died) and retried. */
  leaseMarginMs: number;
  /** How often each worker looks for cut attempts (and drops rotated secrets past their grace). */
  leaseCheckIntervalMs: number;
  /** How long a rotated-out secret still signs deliveries beside the new one. */
  secretGraceSeconds: number;
  /** Endpoints may be on loopback or private networks. */
  allowPrivate: boolean;
  /** Settled deliveries (sent, failed, superseded) are deleted this long after they settled. */
  deliveryRetentionHours: number;
}

/** A configuration the service refuses to start with; the message says what to set. */
export class ConfigError extends StartupError {}

const MIN_SECRET_LENGTH = 32;

/** Values printed in Medusa's and this project's examples: anyone can sign with them. */
const PUBLISHED_SECRETS = new Set([
  'supersecret',
  'secret',
  'changeme',
  'change-me',
  'insecure-local-session-secret-change-me',
  'insecure-local-jwt-secret-change-me',
]);

function checkProductionSecret(name: string, value: string): void {
  const hint = `(for example the output of: openssl rand -hex 32)`;
  if (PUBLISHED_SECRETS.has(value.trim().toLowerCase()))
    throw new ConfigError(`${name} is a published example value: set a random secret of at least ${MIN_SECRET_LENGTH} characters ${hint}`);
  if (value.length < MIN_SECRET_LENGTH) throw new ConfigError(`${name} must be at least ${MIN_SECRET_LENGTH} characters when NODE_ENV is production ${hint}`);
}

let warnedAboutDevSecrets = false;

export interface LoadConfigOptions {
  /** Where development secrets come from when the environment has none. */
  devSecrets?: () => DevSecrets;
  /** Receives the one warning line about development secrets. */
  warn?: (line: string) => void;
}

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function int(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) {
    const wanted = min === 1 ? 'a positive integer' : min === 0 ? 'a non-negative integer' : `an integer >= ${min}`;
    throw new ConfigError(`${name} must be ${wanted}, got "${value}"`);
  }
  return n;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  return int(name, value, fallback, 1);
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  return int(name, value, fallback, 0);
}

/** `true` or `false`; anything else is refused rather than read as one of them. */
function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new ConfigError(`${name} must be "true" or "false", got "${value}"`);
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function stripeConfig(env: NodeJS.ProcessEnv, isProduction: boolean): StripeConfig | undefined {
  // Every Stripe setting is read (and checked) whether or not a key is set.
  const apiKey = env.STRIPE_API_KEY;
  const baseUrl = env.STRIPE_API_BASE_URL;
  const settings = {
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    captureAutomatically: flag('STRIPE_CAPTURE', env.STRIPE_CAPTURE, false),
    automaticPaymentMethods: flag('STRIPE_AUTOMATIC_PAYMENT_METHODS', env.STRIPE_AUTOMATIC_PAYMENT_METHODS, false),
    paymentDescription: env.STRIPE_PAYMENT_DESCRIPTION || undefined,
  };
  // `npm run bench` measures the production process against its local fake of Stripe: only
  // with this flag set, and only on a loopback address, so no setting sends the secret key
  // to another host.
  const benchFake = flag('STRIPE_API_BASE_URL_FOR_BENCH', env.STRIPE_API_BASE_URL_FOR_BENCH, false);
  let apiBaseUrl: URL | undefined;
  if (baseUrl) {
    if (isProduction && !benchFake) throw new ConfigError('STRIPE_API_BASE_URL is for tests only (a local fake of Stripe): production talks to api.stripe.com');
    try {
      apiBaseUrl = new URL(baseUrl);
    } catch {
      throw new ConfigError(`STRIPE_API_BASE_URL must be a URL, got "${baseUrl}"`);
    }
    if (isProduction && !LOOPBACK_HOSTS.has(apiBaseUrl.hostname))
      throw new ConfigError(`STRIPE_API_BASE_URL_FOR_BENCH=true takes only a loopback STRIPE_API_BASE_URL (the bench's fake), got "${baseUrl}"`);
  }
  return apiKey ? { apiKey, ...settings, apiBaseUrl } : undefined;
}

export const DEFAULT_CATALOGUE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_CART_CACHE_MAX_BYTES = 8 * 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production' || nodeEnv === 'staging';
  let sessionSecret = env.SESSION_SECRET || env.COOKIE_SECRET;
  let jwtSecret = env.JWT_SECRET;
  if (isProduction) {
    if (!sessionSecret || !jwtSecret) throw new ConfigError('SESSION_SECRET and JWT_SECRET must be set when NODE_ENV is production');
    checkProductionSecret(env.SESSION_SECRET ? 'SESSION_SECRET' : 'COOKIE_SECRET', sessionSecret);
    checkProductionSecret('JWT_SECRET', jwtSecret);
  } else if (!sessionSecret || !jwtSecret) {
    const dev = (options.devSecrets ?? developmentSecrets)();
    sessionSecret ||= dev.sessionSecret;
    jwtSecret ||= dev.jwtSecret;
    const warn = options.warn ?? (nodeEnv === 'test' || warnedAboutDevSecrets ? undefined : (line: string) => process.stderr.write(`${line}\n`));
    if (!options.warn) warnedAboutDevSecrets = true;
    warn?.(
      `Warning: SESSION_SECRET/JWT_SECRET not set; using development secrets ${dev.file ? `generated for this checkout (${dev.file})` : 'generated for this process'}. Set both, at least ${MIN_SECRET_LENGTH} random characters, anywhere but your machine.`,
    );
  }
  const testPaymentProvider = env.PAYMENT_TEST_PROVIDER === 'true';
  if (testPaymentProvider && isProduction)
    throw new ConfigError('PAYMENT_TEST_PROVIDER=true is for test runs only: its payments succeed or fail as the shopper asks, so production refuses it');
  return {
    nodeEnv,
    isProduction,
    port: positiveInt('PORT', env.PORT, 9000),
    host: env.HOST ?? '127.0.0.1',
    sessionSecret,
    jwtSecret,
    sessionTtlMs: positiveInt('SESSION_TTL_MS', env.SESSION_TTL_MS, 10 * 60 * 60 * 1000),
    sessionCookieName: env.SESSION_COOKIE_NAME ?? 'connect.sid',
    storeCors: list(env.STORE_CORS, ['http://localhost:8000']),
    adminCors: list(env.ADMIN_CORS, ['http://localhost:7000', 'http://localhost:7001']),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    seedDemo: env.SEED_DEMO === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    adminDashboardDir: env.ADMIN_DASHBOARD_DIR || undefined,
    loginThrottleLimit: positiveInt('LOGIN_THROTTLE_LIMIT', env.LOGIN_THROTTLE_LIMIT, 10),
    loginThrottleAddressLimit: positiveInt('LOGIN_THROTTLE_ADDRESS_LIMIT', env.LOGIN_THROTTLE_ADDRESS_LIMIT, 100),
    loginThrottleTtlMs: positiveInt('LOGIN_THROTTLE_TTL_MS', env.LOGIN_THROTTLE_TTL_MS, 15 * 60_000),
    registrationThrottleLimit: positiveInt('REGISTRATION_THROTTLE_LIMIT', env.REGISTRATION_THROTTLE_LIMIT, 300),
    passwordResetMailsPerHour: positiveInt('PASSWORD_RESET_MAILS_PER_HOUR', env.PASSWORD_RESET_MAILS_PER_HOUR, 3),
    lookupThrottles: {
      orderLimit: positiveInt('ORDER_LOOKUP_THROTTLE_LIMIT', env.ORDER_LOOKUP_THROTTLE_LIMIT, 10),
      orderAddressLimit: positiveInt('ORDER_LOOKUP_THROTTLE_ADDRESS_LIMIT', env.ORDER_LOOKUP_THROTTLE_ADDRESS_LIMIT, 50),
      orderTtlMs: positiveInt('ORDER_LOOKUP_THROTTLE_TTL_MS', env.ORDER_LOOKUP_THROTTLE_TTL_MS, 60 * 60_000),
      emailExistsLimit: positiveInt('EMAIL_EXISTS_THROTTLE_LIMIT', env.EMAIL_EXISTS_THROTTLE_LIMIT, 60),
      emailExistsTtlMs: positiveInt('EMAIL_EXISTS_THROTTLE_TTL_MS', env.EMAIL_EXISTS_THROTTLE_TTL_MS, 15 * 60_000),
    },
    // Longer than a client's keep-alive idle timeout (Node's server hint is 5 s): by the time
    // the listener closes, no client still holds an idle connection it might reuse.
    shutdownDrainMs: nonNegativeInt('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, isProduction ? 6000 : 0),
    testPaymentProvider,
    stripe: stripeConfig(env, isProduction),
    seedAdminPassword: env.SEED_ADMIN_PASSWORD || undefined,
    invocationDir: env.INIT_CWD || process.cwd(),
    idempotencyKeyTtlMs: positiveInt('IDEMPOTENCY_KEY_TTL_MS', env.IDEMPOTENCY_KEY_TTL_MS, 7 * 24 * 60 * 60 * 1000),
    database: {
      url: env.DATABASE_URL || undefined,
      poolSize: positiveInt('DB_POOL_SIZE', env.DB_POOL_SIZE, 10),
      connectTimeoutMs: positiveInt('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, 5000),
      logQueries: flag('DB_LOG_QUERIES', env.DB_LOG_QUERIES, false),
      preparedStatements: flag('DB_PREPARED_STATEMENTS', env.DB_PREPARED_STATEMENTS, true),
      embeddedDir: resolve(env.EMBEDDED_PG_DIR || '.data/postgres'),
      embeddedPort: positiveInt('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT, 54329),
    },
    queue: {
      workersEnabled: flag('QUEUE_WORKERS', env.QUEUE_WORKERS, true),
      pollIntervalMs: int('QUEUE_POLL_INTERVAL_MS', env.QUEUE_POLL_INTERVAL_MS, 2000, 500),
      expireInSeconds: positiveInt('QUEUE_EXPIRE_SECONDS', env.QUEUE_EXPIRE_SECONDS, 300),
      maintenanceIntervalSeconds: positiveInt('QUEUE_MAINTENANCE_INTERVAL_SECONDS', env.QUEUE_MAINTENANCE_INTERVAL_SECONDS, 60),
      retryLimit: nonNegativeInt('QUEUE_RETRY_LIMIT', env.QUEUE_RETRY_LIMIT, 5),
      retryDelaySeconds: nonNegativeInt('QUEUE_RETRY_DELAY_SECONDS', env.QUEUE_RETRY_DELAY_SECONDS, 5),
      shutdownTimeoutMs: nonNegativeInt('QUEUE_SHUTDOWN_TIMEOUT_MS', env.QUEUE_SHUTDOWN_TIMEOUT_MS, 10_000),
      concurrency: positiveInt('QUEUE_CONCURRENCY', env.QUEUE_CONCURRENCY, 2),
      poolSize: positiveInt('QUEUE_POOL_SIZE', env.QUEUE_POOL_SIZE, 3),
    },
    batchJobs: {
      sliceMs: positiveInt('BATCH_JOB_SLICE_MS', env.BATCH_JOB_SLICE_MS, 15_000),
      importBatchRows: positiveInt('BATCH_JOB_IMPORT_BATCH_ROWS', env.BATCH_JOB_IMPORT_BATCH_ROWS, 500),
      exportPageSize: positiveInt('BATCH_JOB_EXPORT_PAGE_SIZE', env.BATCH_JOB_EXPORT_PAGE_SIZE, 50),
    },
    files: {
      downloadUrlTtlSeconds: positiveInt('FILE_DOWNLOAD_URL_TTL_SECONDS', env.FILE_DOWNLOAD_URL_TTL_SECONDS, 300),
      maxUploadBytes: positiveInt('FILE_MAX_UPLOAD_BYTES', env.FILE_MAX_UPLOAD_BYTES, 200 * 1024 * 1024),
      publicBaseUrl: env.FILE_PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM || 'Store <no-reply@localhost>',
      templateFolders: [...(env.MAIL_TEMPLATES_DIR ? [resolve(env.MAIL_TEMPLATES_DIR)] : []), SHIPPED_TEMPLATES],
      storeResetUrl: env.MAIL_STORE_RESET_URL || 'http://localhost:8000/reset-password',
      storeOrderClaimUrl: env.MAIL_STORE_ORDER_CLAIM_URL || 'http://localhost:8000/claim-orders',
      adminResetUrl: env.MAIL_ADMIN_RESET_URL || 'http://localhost:7001/reset-password',
      adminInviteUrl: env.MAIL_ADMIN_INVITE_URL || 'http://localhost:7001/invite',
      orderMailsPerRecipientPerHour: positiveInt('MAIL_ORDER_MAILS_PER_RECIPIENT_PER_HOUR', env.MAIL_ORDER_MAILS_PER_RECIPIENT_PER_HOUR, 10),
    },
    events: {
      pollIntervalMs: int('EVENTS_POLL_INTERVAL_MS', env.EVENTS_POLL_INTERVAL_MS, 1000, 50),
      retentionDays: positiveInt('EVENTS_RETENTION_DAYS', env.EVENTS_RETENTION_DAYS, 7),
    },
    webhooks: {
      retryLimit: nonNegativeInt('WEBHOOK_RETRY_LIMIT', env.WEBHOOK_RETRY_LIMIT, 10),
      retryDelaySeconds: nonNegativeInt('WEBHOOK_RETRY_DELAY_SECONDS', env.WEBHOOK_RETRY_DELAY_SECONDS, 60),
      timeoutMs: int('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000, 100),
      leaseMarginMs: int('WEBHOOK_LEASE_MARGIN_MS', env.WEBHOOK_LEASE_MARGIN_MS, 5_000, 100),
      leaseCheckIntervalMs: int('WEBHOOK_LEASE_CHECK_INTERVAL_MS', env.WEBHOOK_LEASE_CHECK_INTERVAL_MS, 5_000, 100),
      secretGraceSeconds: nonNegativeInt('WEBHOOK_SECRET_GRACE_SECONDS', env.WEBHOOK_SECRET_GRACE_SECONDS, 86_400),
      allowPrivate: flag('WEBHOOKS_ALLOW_PRIVATE', env.WEBHOOKS_ALLOW_PRIVATE, false),
      deliveryRetentionHours: positiveInt('WEBHOOK_DELIVERY_RETENTION_HOURS', env.WEBHOOK_DELIVERY_RETENTION_HOURS, 72),
    },
    catalogueCache: {
      maxBytes: nonNegativeInt('CATALOGUE_CACHE_MAX_BYTES', env.CATALOGUE_CACHE_MAX_BYTES, DEFAULT_CATALOGUE_CACHE_MAX_BYTES),
      maxEntries: 2000,
    },
    cartCache: { maxBytes: nonNegativeInt('CART_CACHE_MAX_BYTES', env.CART_CACHE_MAX_BYTES, DEFAULT_CART_CACHE_MAX_BYTES), maxEntries: 5000 },
    tableChangeNotices: flag('TABLE_CHANGE_NOTICES', env.TABLE_CHANGE_NOTICES, true),
  };
}

export const APP_CONFIG = 'APP_CONFIG';

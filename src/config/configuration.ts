import { StartupError } from '../common/runtime/startup-error';
import { developmentSecrets, DevSecrets } from './dev-secrets';

/**
 * Every environment variable the service reads, validated once at boot. In production
 * the secrets are required, at least 32 characters and none of the published example
 * values; elsewhere missing ones fall back to random secrets kept in the checkout, with
 * one warning line.
 */
export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl?: string;
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
  /** A built Medusa admin dashboard to serve at /app (unset: nothing is served there). */
  adminDashboardDir?: string;
  /** On shutdown, how long to keep serving (every response `Connection: close`, /health 503) before closing the listener. */
  shutdownDrainMs: number;
  /** Registers the `test` payment provider (its outcome is scripted by the session data): for test runs only, refused in production. */
  testPaymentProvider: boolean;
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

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

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
    databaseUrl: env.DATABASE_URL || undefined,
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
    // Longer than a client's keep-alive idle timeout (Node's server hint is 5 s): by the time
    // the listener closes, no client still holds an idle connection it might reuse.
    shutdownDrainMs: nonNegativeInt('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, isProduction ? 6000 : 0),
    testPaymentProvider,
  };
}

export const APP_CONFIG = 'APP_CONFIG';

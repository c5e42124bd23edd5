/**
 * Every environment variable the service reads, validated once at boot. In production
 * the secrets are required; elsewhere they fall back to development values with a warning.
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
  /** On shutdown, how long to keep serving (every response `Connection: close`, /health 503) before closing the listener. */
  shutdownDrainMs: number;
}

const DEV_SECRET = 'supersecret';

function list(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined) return fallback;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production' || nodeEnv === 'staging';
  const sessionSecret = env.SESSION_SECRET ?? env.COOKIE_SECRET;
  const jwtSecret = env.JWT_SECRET;
  if (isProduction && (!sessionSecret || !jwtSecret)) {
    throw new Error('SESSION_SECRET and JWT_SECRET must be set when NODE_ENV is production');
  }
  return {
    nodeEnv,
    isProduction,
    port: positiveInt('PORT', env.PORT, 9000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret: sessionSecret ?? DEV_SECRET,
    jwtSecret: jwtSecret ?? DEV_SECRET,
    sessionTtlMs: positiveInt('SESSION_TTL_MS', env.SESSION_TTL_MS, 10 * 60 * 60 * 1000),
    sessionCookieName: env.SESSION_COOKIE_NAME ?? 'connect.sid',
    storeCors: list(env.STORE_CORS, ['http://localhost:8000']),
    adminCors: list(env.ADMIN_CORS, ['http://localhost:7000', 'http://localhost:7001']),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    bodyLimit: env.BODY_LIMIT ?? '1mb',
    seedDemo: env.SEED_DEMO === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    loginThrottleLimit: positiveInt('LOGIN_THROTTLE_LIMIT', env.LOGIN_THROTTLE_LIMIT, 10),
    loginThrottleAddressLimit: positiveInt('LOGIN_THROTTLE_ADDRESS_LIMIT', env.LOGIN_THROTTLE_ADDRESS_LIMIT, 100),
    loginThrottleTtlMs: positiveInt('LOGIN_THROTTLE_TTL_MS', env.LOGIN_THROTTLE_TTL_MS, 15 * 60_000),
    registrationThrottleLimit: positiveInt('REGISTRATION_THROTTLE_LIMIT', env.REGISTRATION_THROTTLE_LIMIT, 300),
    // Longer than a client's keep-alive idle timeout (Node's server hint is 5 s): by the time
    // the listener closes, no client still holds an idle connection it might reuse.
    shutdownDrainMs: nonNegativeInt('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS, isProduction ? 6000 : 0),
  };
}

export const APP_CONFIG = 'APP_CONFIG';

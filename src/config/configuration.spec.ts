import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError, DEFAULT_CATALOGUE_CACHE_MAX_BYTES, loadConfig } from './configuration';
import { developmentSecrets } from './dev-secrets';

const STRONG_SESSION = 'a'.repeat(16) + 'B'.repeat(16);
const STRONG_JWT = 'c'.repeat(20) + 'D'.repeat(20);
const noDevSecrets = () => {
  throw new Error('development secrets must not be used here');
};

describe('loadConfig: secrets in production', () => {
  const production = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', ...env } as NodeJS.ProcessEnv, { devSecrets: noDevSecrets });

  it('accepts two secrets of at least 32 characters (COOKIE_SECRET standing in for SESSION_SECRET)', () => {
    expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: STRONG_JWT })()).toMatchObject({ sessionSecret: STRONG_SESSION, jwtSecret: STRONG_JWT });
    expect(production({ COOKIE_SECRET: STRONG_SESSION, JWT_SECRET: STRONG_JWT })()).toMatchObject({ sessionSecret: STRONG_SESSION });
  });

  it('refuses a missing secret, in staging too', () => {
    expect(production({ JWT_SECRET: STRONG_JWT })).toThrow(new ConfigError('SESSION_SECRET and JWT_SECRET must be set when NODE_ENV is production'));
    expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'staging', SESSION_SECRET: STRONG_SESSION } as NodeJS.ProcessEnv)).toThrow(/must be set/);
  });

  it('refuses a secret shorter than 32 characters, naming it', () => {
    expect(production({ SESSION_SECRET: 'x'.repeat(31), JWT_SECRET: STRONG_JWT })).toThrow(/^SESSION_SECRET must be at least 32 characters/);
    expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: 'short' })).toThrow(/^JWT_SECRET must be at least 32 characters/);
  });

  it.each(['supersecret', 'SuperSecret', 'insecure-local-session-secret-change-me', 'insecure-local-jwt-secret-change-me'])(
    'refuses the published example value %s',
    (value) => {
      expect(production({ SESSION_SECRET: value, JWT_SECRET: STRONG_JWT })).toThrow(/^SESSION_SECRET is a published example value/);
      expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: value })).toThrow(/^JWT_SECRET is a published example value/);
    },
  );

  it('refuses the scripted test payment provider, which is off unless asked for', () => {
    expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: STRONG_JWT })().testPaymentProvider).toBe(false);
    expect(production({ SESSION_SECRET: STRONG_SESSION, JWT_SECRET: STRONG_JWT, PAYMENT_TEST_PROVIDER: 'true' })).toThrow(
      /^PAYMENT_TEST_PROVIDER=true is for test runs only/,
    );
    const test = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'test', ...env } as NodeJS.ProcessEnv, { devSecrets: () => ({ sessionSecret: STRONG_SESSION, jwtSecret: STRONG_JWT }) });
    expect(test({}).testPaymentProvider).toBe(false);
    expect(test({ PAYMENT_TEST_PROVIDER: 'true' }).testPaymentProvider).toBe(true);
  });
});

describe('loadConfig: secrets outside production', () => {
  const devSecrets = () => ({ sessionSecret: 's'.repeat(64), jwtSecret: 'j'.repeat(64), file: '/tmp/x/dev-secrets.json' });

  it('falls back to the development secrets with exactly one warning line', () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: 'development' } as NodeJS.ProcessEnv, { devSecrets, warn: (l) => lines.push(l) });
    expect(config).toMatchObject({ isProduction: false, sessionSecret: 's'.repeat(64), jwtSecret: 'j'.repeat(64) });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(lines[0]).toMatch(/SESSION_SECRET\/JWT_SECRET not set.*\/tmp\/x\/dev-secrets\.json/);
  });

  it('uses what is set, and neither warns nor falls back when both are set', () => {
    const lines: string[] = [];
    const config = loadConfig({ SESSION_SECRET: 'mine', JWT_SECRET: 'also-mine' } as NodeJS.ProcessEnv, {
      devSecrets: noDevSecrets,
      warn: (l) => lines.push(l),
    });
    expect(config).toMatchObject({ sessionSecret: 'mine', jwtSecret: 'also-mine' });
    expect(lines).toEqual([]);
  });
});

describe('developmentSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dev-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes random secrets once per checkout, keeps them private, and reads them back afterwards', () => {
    const file = join(dir, '.data', 'dev-secrets.json');
    const first = developmentSecrets(file);
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.jwtSecret).not.toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sessionSecret: first.sessionSecret, jwtSecret: first.jwtSecret });

    const elsewhere = developmentSecrets(join(dir, 'other', 'dev-secrets.json'));
    expect(elsewhere.sessionSecret).not.toBe(first.sessionSecret);
    expect(developmentSecrets(file)).toMatchObject({ sessionSecret: first.sessionSecret, jwtSecret: first.jwtSecret, file });
  });

  it('keeps secrets in memory for the process when the folder cannot be written', () => {
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const file = join(notAFolder, 'dev-secrets.json');
    const secrets = developmentSecrets(file);
    expect(secrets.file).toBeUndefined();
    expect(secrets.sessionSecret).toHaveLength(64);
    expect(developmentSecrets(file)).toEqual(secrets);
  });
});

describe("loadConfig: the modules' slices", () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', ...env } as NodeJS.ProcessEnv, { devSecrets: () => ({ sessionSecret: STRONG_SESSION, jwtSecret: STRONG_JWT }) });

  it("reads every module's settings into its slice, with the defaults the README gives", () => {
    const config = load({
      QUEUE_CONCURRENCY: '4',
      BATCH_JOB_SLICE_MS: '100',
      FILE_PUBLIC_BASE_URL: 'https://api.example.com/',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    });
    expect(config.queue).toMatchObject({ workersEnabled: true, concurrency: 4, pollIntervalMs: 2000 });
    expect(config.batchJobs).toEqual({ sliceMs: 100, importBatchRows: 500, exportPageSize: 50 });
    expect(config.files.publicBaseUrl).toBe('https://api.example.com');
    expect(config.webhooks).toEqual({
      retryLimit: 10,
      retryDelaySeconds: 60,
      timeoutMs: 10_000,
      leaseMarginMs: 5_000,
      leaseCheckIntervalMs: 5_000,
      secretGraceSeconds: 86_400,
      allowPrivate: true,
      deliveryRetentionHours: 72,
    });
    expect(config.database).toMatchObject({ url: undefined, poolSize: 10, preparedStatements: true, embeddedPort: 54329 });
  });

  it('catalogue cache: defaults, accepts 0 (off) and rejects anything but a non-negative integer', () => {
    expect(load({}).catalogueCache.maxBytes).toBe(DEFAULT_CATALOGUE_CACHE_MAX_BYTES);
    expect(load({ CATALOGUE_CACHE_MAX_BYTES: '0' }).catalogueCache.maxBytes).toBe(0);
    expect(load({ CATALOGUE_CACHE_MAX_BYTES: '1048576' }).catalogueCache.maxBytes).toBe(1048576);
    for (const bad of ['-1', '1.5', 'lots', '1e400']) {
      expect(() => load({ CATALOGUE_CACHE_MAX_BYTES: bad })).toThrow('CATALOGUE_CACHE_MAX_BYTES must be a non-negative integer');
    }
  });

  it('switches are "true" or "false" and nothing else (TABLE_CHANGE_NOTICES, DB_PREPARED_STATEMENTS, QUEUE_WORKERS)', () => {
    expect(load({}).tableChangeNotices).toBe(true);
    expect(load({ TABLE_CHANGE_NOTICES: 'true' }).tableChangeNotices).toBe(true);
    expect(load({ TABLE_CHANGE_NOTICES: 'false' }).tableChangeNotices).toBe(false);
    expect(load({ DB_PREPARED_STATEMENTS: 'false' }).database.preparedStatements).toBe(false);
    expect(load({ QUEUE_WORKERS: 'false' }).queue.workersEnabled).toBe(false);
    for (const bad of ['0', 'no', 'FALSE']) {
      expect(() => load({ TABLE_CHANGE_NOTICES: bad })).toThrow(new ConfigError(`TABLE_CHANGE_NOTICES must be "true" or "false", got "${bad}"`));
      expect(() => load({ DB_PREPARED_STATEMENTS: bad })).toThrow(/^DB_PREPARED_STATEMENTS must be "true" or "false"/);
    }
  });
});

describe('the README configuration table', () => {
  it('lists exactly the variables loadConfig reads, no more and no fewer', () => {
    const read = new Set<string>();
    const recording = new Proxy({} as NodeJS.ProcessEnv, {
      get: (_target, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    });
    loadConfig(recording, { devSecrets: () => ({ sessionSecret: STRONG_SESSION, jwtSecret: STRONG_JWT }), warn: () => undefined });

    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Configuration\n');
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const listed = [...section.matchAll(/^\| (`[A-Z_]+`(?: \(or `[A-Z_]+`\))?) \|/gm)].flatMap((row) => [...row[1].matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]));
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual([...read].sort());
  });
});

describe('loadConfig: Stripe', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', ...env } as NodeJS.ProcessEnv, { devSecrets: () => ({ sessionSecret: STRONG_SESSION, jwtSecret: STRONG_JWT }) });

  it('installs nothing without a key, and reads the options with Medusa’s defaults', () => {
    expect(load({ STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toBeUndefined();
    expect(load({ STRIPE_API_KEY: 'sk_test_x' }).stripe).toEqual({
      apiKey: 'sk_test_x',
      webhookSecret: undefined,
      captureAutomatically: false,
      automaticPaymentMethods: false,
      paymentDescription: undefined,
      apiBaseUrl: undefined,
    });
    expect(load({ STRIPE_API_KEY: 'sk_test_x', STRIPE_CAPTURE: 'true', STRIPE_API_BASE_URL: 'http://127.0.0.1:1234' }).stripe).toMatchObject({
      captureAutomatically: true,
      apiBaseUrl: new URL('http://127.0.0.1:1234'),
    });
    expect(() => load({ STRIPE_CAPTURE: 'yes' })).toThrow(/^STRIPE_CAPTURE must be "true" or "false"/);
  });

  it('refuses a Stripe API base URL in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: STRONG_SESSION,
        JWT_SECRET: STRONG_JWT,
        STRIPE_API_KEY: 'sk_live_x',
        STRIPE_API_BASE_URL: 'http://127.0.0.1:1',
      } as NodeJS.ProcessEnv),
    ).toThrow(/^STRIPE_API_BASE_URL is for tests only/);
  });
});

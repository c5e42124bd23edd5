import { randomBytes } from 'crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

export interface DevSecrets {
  sessionSecret: string;
  jwtSecret: string;
  /** Where they are kept, or undefined when they live only in this process. */
  file?: string;
}

/** Where a checkout keeps its development secrets (next to the embedded database, never committed). */
const DEV_SECRETS_FILE = join(process.cwd(), '.data', 'dev-secrets.json');

let cached: { for: string; secrets: DevSecrets } | undefined;

function readSecrets(file: string): DevSecrets | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevSecrets>;
    if (
      typeof parsed.sessionSecret === 'string' &&
      parsed.sessionSecret.length >= 32 &&
      typeof parsed.jwtSecret === 'string' &&
      parsed.jwtSecret.length >= 32
    ) {
      return { sessionSecret: parsed.sessionSecret, jwtSecret: parsed.jwtSecret, file };
    }
  } catch {
    // missing or unreadable: made below
  }
  return undefined;
}

/**
 * Random secrets for a development checkout, made on first use and kept in `file`, so
 * sessions and tokens survive a restart and every process of the checkout (server, CLIs,
 * tests) agrees. Nobody else knows them, unlike a constant in the source. If the file
 * cannot be written, the secrets last as long as this process.
 */
export function developmentSecrets(file = DEV_SECRETS_FILE): DevSecrets {
  if (cached?.for === file) return cached.secrets;
  let secrets = readSecrets(file);
  if (!secrets) {
    const fresh = { sessionSecret: randomBytes(32).toString('hex'), jwtSecret: randomBytes(32).toString('hex') };
    try {
      mkdirSync(dirname(file), { recursive: true });
      // `wx`: of two processes starting at once, one writes and both read what it wrote.
      writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: 0o600 });
      secrets = { ...fresh, file };
    } catch {
      secrets = readSecrets(file) ?? fresh;
    }
  }
  cached = { for: file, secrets };
  return secrets;
}

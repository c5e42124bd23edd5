import type { INestApplication } from '@nestjs/common';
import { existsSync, readFileSync } from 'fs';
import { join, relative } from 'path';
import type { AppConfig } from '../../config/configuration';
import { describeSeedSummary } from './seed-context';
import { SeedService } from './seed.service';

/** The demo admin in data/seed.json: the credentials Medusa's docs use. */
export const DEMO_ADMIN = { email: 'admin@medusa-test.com', password: 'supersecret' } as const;

/**
 * The users of the demo seed file as a start may create them. Their passwords are
 * published (in this repository and in Medusa's docs), so a production start
 * (NODE_ENV=production or staging) creates them only with the password given at start in
 * SEED_ADMIN_PASSWORD, and otherwise not at all; `notice` is the one line that says which.
 */
function demoUsersForStart(
  users: ReadonlyArray<Record<string, unknown>>,
  isProduction: boolean,
  givenPassword: string | undefined,
): { users: Array<Record<string, unknown>>; notice?: string } {
  if (!isProduction || users.length === 0) return { users: [...users] };
  const emails = users.map((u) => String(u.email)).join(', ');
  if (givenPassword && givenPassword !== DEMO_ADMIN.password) {
    return {
      users: users.map((u) => ({ ...u, password: givenPassword })),
      notice: `Demo data: ${emails} created with the password from SEED_ADMIN_PASSWORD (NODE_ENV is production)`,
    };
  }
  return {
    users: [],
    notice: `Demo data: not creating ${emails}: NODE_ENV is production and the demo password is published; set SEED_ADMIN_PASSWORD to create it with a password of yours`,
  };
}

/**
 * Demo data at start: into an empty embedded database, or anywhere when SEED_DEMO=true;
 * never silently into DATABASE_URL. Returns whether it seeded.
 */
export async function seedDemoData(
  app: INestApplication,
  config: Pick<AppConfig, 'seedDemo' | 'isProduction' | 'seedAdminPassword'>,
  embedded: boolean,
  say: (line: string) => void,
): Promise<boolean> {
  const seedFile = join(process.cwd(), 'data', 'seed.json');
  if (!(embedded || config.seedDemo) || !existsSync(seedFile)) return false;
  const seeder = app.get(SeedService);
  if (!config.seedDemo && !(await seeder.isEmpty())) return false;
  const raw = JSON.parse(readFileSync(seedFile, 'utf8')) as { users?: Array<Record<string, unknown>> };
  const { users, notice } = demoUsersForStart(Array.isArray(raw.users) ? raw.users : [], config.isProduction, config.seedAdminPassword);
  if (notice) say(notice);
  const summary = await seeder.seed({ ...raw, users }, relative(process.cwd(), seedFile));
  say(`Demo data: ${relative(process.cwd(), seedFile)}: ${describeSeedSummary(summary)}`);
  return true;
}

import 'reflect-metadata';
import { resolve } from 'path';
import { parseArgs } from 'util';
import { describeSeedSummary } from '../modules/seed/seed-context';
import { readSeedFile } from '../modules/seed/seed-file.reader';
import { SeedService } from '../modules/seed/seed.service';
import { displayPath } from '../database/database-connection';
import { runCli, UsageError } from './cli-runner';

const USAGE = `usage: npm run seed -- <file.json>
       npm run seed -- -f <file.json>     (also --seed-file, as in \`medusa seed\`)
Loads a seed file in Medusa's seed format in one transaction; entries already present are left as they are.`;

let file = '';

/** `npm run seed -- <file>`: runs migrations, then imports the file (see SeedService). */
void runCli(
  'seed',
  USAGE,
  async (app, target) => {
    const summary = await app.get(SeedService).seedFromFile(file);
    const notices = summary.notices.length ? ` (${summary.notices.join('; ')})` : '';
    return `Seeded ${displayPath(file)} into ${target.description}: ${describeSeedSummary(summary)}${notices}`;
  },
  (config) => {
    let parsed;
    try {
      parsed = parseArgs({
        args: process.argv.slice(2),
        options: {
          'seed-file': { type: 'string', short: 'f' },
          // Medusa's flag; migrations always run here, so it is accepted and has no effect.
          migrate: { type: 'boolean', short: 'm' },
          help: { type: 'boolean', short: 'h' },
        },
        allowPositionals: true,
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (parsed.values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    const given = parsed.values['seed-file'] ?? parsed.positionals[0];
    if (!given || parsed.positionals.length > (parsed.values['seed-file'] ? 0 : 1)) throw new UsageError('give exactly one seed file');
    // npm runs scripts from the package root; the invocation folder is where the user typed the command.
    file = resolve(config.invocationDir, given);
    readSeedFile(file); // a missing or malformed file fails here, before any database starts
  },
);

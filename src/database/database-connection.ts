import type { AppConfig } from '../config/configuration';
import type { GracefulShutdown } from '../graceful-shutdown';
import { relative } from 'path';
import { EmbeddedDatabase, embeddedDataDir, startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseConnection {
  url: string;
  /** Set when no DATABASE_URL was given and the embedded PostgreSQL serves instead. */
  embedded?: EmbeddedDatabase;
}

/**
 * The database the server and the CLIs use: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL under EMBEDDED_PG_DIR (default .data/postgres), which is stopped on shutdown
 * unless another running process owns it. Sets process.env.DATABASE_URL, which
 * ormconfig.ts (and so AppModule) reads.
 */
export async function connectDatabase(config: AppConfig, shutdown: GracefulShutdown, say: (line: string) => void): Promise<DatabaseConnection> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  say(`No DATABASE_URL: using the embedded PostgreSQL (data in ${displayPath(embeddedDataDir())})`);
  const embedded = await startEmbeddedPostgres();
  shutdown.add(() => embedded.stop());
  say(
    embedded.shared
      ? `Embedded PostgreSQL already running on port ${embedded.port} (started by another process): sharing it`
      : `Embedded PostgreSQL ready on port ${embedded.port}`,
  );
  process.env.DATABASE_URL = embedded.url;
  return { url: embedded.url, embedded };
}

/** A path as the user would type it: relative when under the working directory. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

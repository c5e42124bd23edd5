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
 * unless another running process owns it. The caller puts the URL into the config it
 * creates the app with (withDatabaseUrl).
 */
export async function connectDatabase(config: AppConfig, shutdown: GracefulShutdown, say: (line: string) => void): Promise<DatabaseConnection> {
  if (config.database.url) return { url: config.database.url };
  say(`No DATABASE_URL: using the embedded PostgreSQL (data in ${displayPath(embeddedDataDir(config.database.embeddedDir))})`);
  const embedded = await startEmbeddedPostgres({ dataDir: config.database.embeddedDir, port: config.database.embeddedPort });
  shutdown.add(() => embedded.stop());
  say(
    embedded.shared
      ? `Embedded PostgreSQL already running on port ${embedded.port} (started by another process): sharing it`
      : `Embedded PostgreSQL ready on port ${embedded.port}`,
  );
  return { url: embedded.url, embedded };
}

/** A path as the user would type it: relative when under the working directory. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/** The config with the database actually connected to (the embedded one when DATABASE_URL was unset). */
export function withDatabaseUrl(config: AppConfig, url: string): AppConfig {
  return { ...config, database: { ...config.database, url } };
}

import type { OnModuleDestroy } from '@nestjs/common';
import type { DataSource } from 'typeorm';

export interface AttemptCount {
  hits: number;
  /** Seconds until this count's window ends and it starts again from zero. */
  expiresIn: number;
}

/**
 * +1 on each key, one atomic statement, so concurrent hits from any number of instances
 * serialise on the row and none is lost. Fixed window per key: no row or a window that
 * has passed starts a fresh one at 1. Times come from PostgreSQL, so instances with
 * skewed clocks agree. `now()` is the start of each statement's transaction: a hit that
 * waited for the row lock of the hit that opened the window would see more than the ttl
 * left, so the time left is capped at the ttl. Keys are sorted by the caller, so two
 * statements taking the same rows take them in one order (no deadlock).
 * $1 keys, $2 ttl ms.
 */
const ADD_SQL = `
INSERT INTO "throttle_counter" AS c ("key", "hits", "expires_at")
SELECT k, 1, now() + make_interval(secs => $2::float8 / 1000) FROM unnest($1::varchar[]) AS k
ON CONFLICT ("key") DO UPDATE SET
  "hits" = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
  "expires_at" = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
RETURNING "key", "hits",
  least(ceil($2::float8 / 1000), greatest(0, ceil(extract(epoch FROM "expires_at" - now()))))::int AS "expires_in"`;

const CURRENT_SQL = `
SELECT "key", "hits", greatest(0, ceil(extract(epoch FROM "expires_at" - now())))::int AS "expires_in"
FROM "throttle_counter" WHERE "key" = ANY($1::varchar[]) AND "expires_at" > now()`;

/**
 * -1 on each live key that has hits (a reservation given back). $1 keys. The rows are
 * locked in key order first (an UPDATE ... WHERE key = ANY(...) takes them in whatever
 * order its scan meets them, which deadlocked against a concurrent ADD_SQL taking the same
 * two keys in sorted order, under a burst of refused logins on two instances).
 */
const RELEASE_SQL = `
UPDATE "throttle_counter" AS c SET "hits" = c."hits" - 1
FROM (SELECT "key" FROM "throttle_counter" WHERE "key" = ANY($1::varchar[]) ORDER BY "key" FOR UPDATE) AS locked
WHERE c."key" = locked."key" AND c."expires_at" > now() AND c."hits" > 0`;

const CLEAR_SQL = `DELETE FROM "throttle_counter" WHERE "key" = ANY($1::varchar[])`;

const CLEANUP_SQL = `DELETE FROM "throttle_counter" WHERE "expires_at" < now()`;

type Row = { key: string; hits: number; expires_in: number };

/**
 * Counters of attempts in PostgreSQL, so limits hold across every instance behind a load
 * balancer. Callers choose what to count (failed logins, registrations) and what a count
 * means. Expired rows are deleted every `cleanupIntervalMs` by whichever instance gets
 * there; the timer never keeps the process alive and stops when the app closes.
 */
export class PgAttemptCounters implements OnModuleDestroy {
  private cleanupTimer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanupIntervalMs = 60_000,
  ) {}

  /** The live count of each key that has one (a key absent from the map counts zero). */
  async current(keys: string[]): Promise<Map<string, AttemptCount>> {
    const rows: Row[] = await this.dataSource.query(CURRENT_SQL, [keys]);
    return toMap(rows);
  }

  /** Adds one to every key (a window of `ttlMs` starts at a key's first hit); returns the new counts. */
  async add(keys: string[], ttlMs: number): Promise<Map<string, AttemptCount>> {
    this.startCleanup();
    const rows: Row[] = await this.dataSource.query(ADD_SQL, [[...new Set(keys)].sort(), ttlMs]);
    return toMap(rows);
  }

  /** Takes back one hit from every key (an add() whose attempt turned out not to count). */
  async release(keys: string[]): Promise<void> {
    await this.dataSource.query(RELEASE_SQL, [[...new Set(keys)].sort()]);
  }

  async clear(keys: string[]): Promise<void> {
    await this.dataSource.query(CLEAR_SQL, [keys]);
  }

  /** Deletes counters whose window is over; returns how many. */
  async removeExpired(): Promise<number> {
    const [, deleted]: [unknown[], number] = await this.dataSource.query(CLEANUP_SQL);
    return deleted;
  }

  onModuleDestroy(): void {
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
    this.cleanupTimer = undefined;
  }

  private startCleanup(): void {
    if (this.cleanupTimer) return;
    this.cleanupTimer = setInterval(() => {
      // A failed sweep (database away) is retried on the next tick; counters only grow stale.
      if (this.dataSource.isInitialized) void this.removeExpired().catch(() => undefined);
    }, this.cleanupIntervalMs);
    this.cleanupTimer.unref();
  }
}

function toMap(rows: Row[]): Map<string, AttemptCount> {
  return new Map(rows.map((r) => [r.key, { hits: r.hits, expiresIn: r.expires_in }]));
}

import type { OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One atomic statement per hit, so concurrent hits on one key from any number of app
 * instances serialise on the row and none is lost. Fixed window per key:
 * - no row, or the window has passed, or a block has run out: a fresh window with 1 hit;
 * - blocked: the hit is not counted and the block stands (as the in-memory storage does);
 * - otherwise one more hit; going over the limit starts a block of `blockDuration`.
 * Times are computed by PostgreSQL (`now()`), so instances with skewed clocks agree.
 * `now()` is the start of each hit's transaction: a hit that started before the one that
 * opened the window, and waited for its row lock, would see more than the ttl left, so
 * the time left is capped at the ttl.
 * $1 key, $2 ttl ms, $3 limit, $4 block ms.
 */
const INCREMENT_SQL = `
INSERT INTO "throttle_counter" AS c ("key", "hits", "expires_at", "blocked_until")
VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000),
        CASE WHEN 1 > $3::int THEN now() + make_interval(secs => $4::float8 / 1000) END)
ON CONFLICT ("key") DO UPDATE SET
  "hits" = CASE
    WHEN c.blocked_until > now() THEN c.hits
    WHEN c.blocked_until IS NOT NULL OR c.expires_at <= now() THEN 1
    ELSE c.hits + 1 END,
  "expires_at" = CASE
    WHEN c.blocked_until > now() THEN c.expires_at
    WHEN c.blocked_until IS NOT NULL OR c.expires_at <= now() THEN EXCLUDED.expires_at
    ELSE c.expires_at END,
  "blocked_until" = CASE
    WHEN c.blocked_until > now() THEN c.blocked_until
    WHEN c.blocked_until IS NOT NULL OR c.expires_at <= now() THEN EXCLUDED.blocked_until
    WHEN c.hits + 1 > $3::int THEN now() + make_interval(secs => $4::float8 / 1000)
    ELSE NULL END
RETURNING "hits",
  least(ceil($2::float8 / 1000), greatest(0, ceil(extract(epoch FROM "expires_at" - now()))))::int AS "expires_in",
  coalesce("blocked_until" > now(), false) AS "blocked",
  greatest(0, ceil(extract(epoch FROM coalesce("blocked_until", now()) - now())))::int AS "blocked_for"`;

const CLEANUP_SQL = `DELETE FROM "throttle_counter" WHERE "expires_at" < now() AND ("blocked_until" IS NULL OR "blocked_until" < now())`;

/**
 * A ThrottlerStorage in PostgreSQL, so login limits hold across every instance behind a
 * load balancer (the package's default storage counts per process). Keys are the
 * guard's hashes (route + throttler name + tracker). Expired rows are deleted every
 * `cleanupIntervalMs` by whichever instance gets there; the timer never keeps the
 * process alive and stops when the app closes.
 */
export class PgThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private cleanupTimer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cleanupIntervalMs = 60_000,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    this.startCleanup();
    const rows: Array<{ hits: number; expires_in: number; blocked: boolean; blocked_for: number }> = await this.dataSource.query(INCREMENT_SQL, [
      key,
      ttl,
      limit,
      blockDuration,
    ]);
    const row = rows[0];
    return { totalHits: row.hits, timeToExpire: row.expires_in, isBlocked: row.blocked, timeToBlockExpire: row.blocked ? row.blocked_for : 0 };
  }

  /** Deletes counters whose window and block are both over; returns how many. */
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

import { Injectable, OnModuleDestroy } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import session from 'express-session';
import type { Pool } from 'pg';

/**
 * The cookie sessions' PostgreSQL store, closed with the app: its prune timer (first set
 * when a session is read or written, then every 7.5-22.5 minutes) would otherwise fire on
 * a pool the app has ended, in any process that outlives an app (a test worker, a CLI).
 */
@Injectable()
export class SessionStore implements OnModuleDestroy {
  private store?: connectPgSimple.PGStore;

  open(pool: Pool): session.Store {
    const PgStore = connectPgSimple(session);
    const store = new PgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: 15 * 60 });
    this.store = store;
    return store;
  }

  async onModuleDestroy(): Promise<void> {
    // Typed as void, but it returns a promise (connect-pg-simple 10).
    await Promise.resolve(this.store?.close());
  }
}

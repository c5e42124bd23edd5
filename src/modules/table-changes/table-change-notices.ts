import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ChangeScope, SCOPE_TABLES, scopesReading } from './change-scopes';
import { TableChangeListener } from './table-change-listener';

const ALL_SCOPES = Object.keys(SCOPE_TABLES) as ChangeScope[];

/**
 * The PostgreSQL table-change notices every per-process cache follows: one
 * TableChangeListener per instance, the write fence, and a generation per change scope
 * of SCOPE_TABLES. The caches (catalogue responses, API tokens, cart answers) subscribe
 * with onInvalidate and onRowsChanged.
 *
 * A cache that follows the notices is trusted only while it cannot hide a committed change:
 * - the listener is connected (while it is not, notices may be lost: every request goes
 *   to the database, and everything is dropped when it reconnects);
 * - no write request answered by this instance is awaiting its fence: a client that
 *   wrote through this instance reads its write at once, without waiting for the notice
 *   to arrive (writes through other instances or plain SQL are seen once their notice
 *   arrives, typically well under a millisecond after their commit).
 * An answer computed while a change was announced is not stored: each scope has a
 * generation, taken when the request starts and checked when it stores.
 */
@Injectable()
export class TableChangeNotices implements OnApplicationBootstrap, OnModuleDestroy {
  /** Absent when the notices are turned off (TABLE_CHANGE_NOTICES=false) or there is no database URL. */
  readonly listener?: TableChangeListener;

  private readonly logger = new Logger('TableChangeNotices');
  private readonly generations = Object.fromEntries(ALL_SCOPES.map((s) => [s, 0])) as Record<ChangeScope, number>;
  private readonly invalidationListeners: ((scopes: readonly ChangeScope[]) => void)[] = [];
  private readonly rowChangeListeners: ((table: string, ids: readonly string[] | '*') => void)[] = [];
  private pendingWrites = 0;
  private runningFence?: Promise<void>;
  private queuedFence?: Promise<void>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (!config.tableChangeNotices) return;
    const url = config.database.url;
    if (!url) return;
    let state: 'starting' | 'listening' | 'lost' = 'starting';
    this.listener = new TableChangeListener(url, {
      changed: (table) => this.invalidate(scopesReading(table)),
      rowsChanged: (payload) => this.rowsChanged(payload),
      lost: () => {
        this.invalidate(ALL_SCOPES);
        if (state === 'listening') this.logger.warn('Lost the table-change listener connection: the caches that follow it are bypassed until it is back');
        if (state !== 'starting') state = 'lost';
      },
      listening: () => {
        this.invalidate(ALL_SCOPES);
        if (state === 'lost') this.logger.log('Table-change listener reconnected: the caches that follow it start afresh');
        state = 'listening';
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.listener) return;
    this.listener.start();
    // Give the first connection a moment so the caches work from the first request;
    // boot does not depend on it (until it is up, requests bypass the caches).
    for (let i = 0; i < 50 && !this.listener.isListening; i++) await new Promise((r) => setTimeout(r, 20));
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener?.stop();
  }

  /** Whether the notices are on at all: a cache that follows them is off otherwise. */
  get enabled(): boolean {
    return this.listener !== undefined;
  }

  /** True while LISTEN is in force: an answer computed now may be stored if its generation still holds. */
  get listening(): boolean {
    return this.listener?.isListening === true;
  }

  /** Whether a cache that follows the notices may serve or store right now. */
  get trusted(): boolean {
    return this.pendingWrites === 0 && this.listening;
  }

  /** The scope's generation now: compare it with the generation when the answer is stored. */
  generation(scope: ChangeScope): number {
    return this.generations[scope];
  }

  /**
   * Called when the response to a request that may have written is finished: until a
   * fence round trip on the listener connection shows that the notices of its commits
   * have arrived, the caches are bypassed. A later request from the same client (which
   * Node reads only after this 'finish') so never meets an answer older than its write.
   * Requests running alongside the write may still be answered from a cache: they are
   * concurrent with it, and whatever they store before its notice arrives is dropped then.
   */
  writeFinished(): void {
    if (!this.listener) return;
    this.pendingWrites++;
    void this.fence().finally(() => this.pendingWrites--);
  }

  /** Moves these scopes to a new generation and tells the caches to drop what they read. */
  private invalidate(scopes: readonly ChangeScope[]): void {
    for (const scope of scopes) this.generations[scope]++;
    for (const listener of this.invalidationListeners) listener(scopes);
  }

  /** Called with the scopes a notice (or a listener loss or reconnection) makes stale. */
  onInvalidate(listener: (scopes: readonly ChangeScope[]) => void): void {
    this.invalidationListeners.push(listener);
  }

  /** For caches that follow ROW_CHANGES_CHANNEL: `ids` is '*' when every row may have changed. */
  onRowsChanged(listener: (table: string, ids: readonly string[] | '*') => void): void {
    this.rowChangeListeners.push(listener);
  }

  private rowsChanged(payload: string): void {
    const colon = payload.indexOf(':');
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const list = colon < 0 ? '*' : payload.slice(colon + 1);
    const ids = list === '*' ? '*' : list.split(',');
    for (const listener of this.rowChangeListeners) listener(table, ids);
  }

  /**
   * A round trip on the listener connection that starts after the call. Callers that
   * arrive while one is on the wire share the next one (it may have been sent before
   * their commit), so a burst of writes costs two round trips, not one each.
   */
  private fence(): Promise<void> {
    if (this.queuedFence) return this.queuedFence;
    const fence: Promise<void> = (this.runningFence ?? Promise.resolve())
      .then(() => {
        this.queuedFence = undefined;
        this.runningFence = fence;
        // Down: lost() has dropped everything and the caches stay bypassed until reconnected.
        return this.listener?.sync().catch(() => undefined);
      })
      .finally(() => {
        if (this.runningFence === fence) this.runningFence = undefined;
      });
    this.queuedFence = fence;
    return fence;
  }
}

import { Client } from 'pg';
import { TABLE_CHANGES_CHANNEL, ROW_CHANGES_CHANNEL } from './change-scopes';

export interface TableChangeHandlers {
  /** A committed change to `table` (the trigger's payload). */
  changed(table: string): void;
  /** A committed change to rows named by id: `<table>:<id>,<id>...` or `<table>:*` (ROW_CHANGES_CHANNEL). */
  rowsChanged?(payload: string): void;
  /** The connection is gone: notices may be missed from now on. */
  lost(): void;
  /** LISTEN is in force again: notices are delivered from now on. */
  listening(): void;
}

const LISTENER_APPLICATION_NAME = 'table-change-listener';

/**
 * One dedicated PostgreSQL connection (outside TypeORM's pool: a pooled connection is
 * shared, and LISTEN only holds on the session that ran it) that LISTENs on the
 * table-change channels, reconnects with backoff when it drops, and checks itself with a
 * heartbeat so a silently dead TCP connection is noticed within `heartbeatMs * 2`.
 */
export class TableChangeListener {
  /** First retry delay after a failure; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs = 500;
  maxReconnectDelayMs = 10_000;
  heartbeatMs = 5_000;

  private client?: Client;
  private connected = false;
  private stopped = true;
  private failures = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly handlers: TableChangeHandlers,
  ) {}

  /** True while LISTEN is in force on a live connection. */
  get isListening(): boolean {
    return this.connected;
  }

  /** The backend pid of the listening session (for tests and diagnostics). */
  get backendPid(): number | undefined {
    return this.connected ? (this.client as unknown as { processID?: number } | undefined)?.processID : undefined;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.reconnectTimer = this.heartbeatTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) await client.end().catch(() => undefined);
  }

  /**
   * Resolves once every notification committed before this call has been handed to
   * `changed`. PostgreSQL sends a session's pending notifications before the
   * ReadyForQuery of any later statement on it, and the committing backend signals the
   * listeners before its COMMIT returns: so a round trip on this connection is a fence.
   * Rejects when the connection is down.
   */
  async sync(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) throw new Error('table change listener is not connected');
    try {
      await client.query('SELECT 1');
    } catch (err) {
      this.drop(client);
      throw err;
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    this.client = client;
    client.on('notification', (msg) => {
      if (this.client !== client) return;
      if (msg.channel === TABLE_CHANGES_CHANNEL) this.handlers.changed(msg.payload ?? '');
      else if (msg.channel === ROW_CHANGES_CHANNEL) this.handlers.rowsChanged?.(msg.payload ?? '');
    });
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${TABLE_CHANGES_CHANNEL}; LISTEN ${ROW_CHANGES_CHANNEL}`);
    } catch {
      this.drop(client);
      return;
    }
    if (this.client !== client) return;
    this.connected = true;
    this.failures = 0;
    this.handlers.listening();
  }

  /** Forgets a failed connection, tells the cache, and schedules the next attempt. */
  private drop(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.connected = false;
    this.handlers.lost();
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    // Not end(): it waits for the server's goodbye, which a dead connection never sends.
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    if (this.stopped) return;
    const delay = Math.min(this.reconnectDelayMs * 2 ** this.failures, this.maxReconnectDelayMs);
    this.failures++;
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private async heartbeat(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('table change listener heartbeat timed out')), this.heartbeatMs);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch {
      this.drop(client);
    } finally {
      clearTimeout(timer);
    }
  }
}

import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { QueueJob } from '../queue/consumer-loop';
import { QueueService } from '../queue/queue.service';
import { noteSubscriber, type EventData } from './outbox';

const EVENT_DELIVERY_DEAD_LETTER_QUEUE = 'event-delivery-dead';

/**
 * Where a subscriber's deliveries wait: each lane is a queue of its own with its own
 * workers, so one lane's backlog never delays another's. `account`: mail a person is
 * waiting for now (reset links); `default`: the rest (order confirmations); `bulk`: work an
 * anonymous checkout can make large (gift-card code mails).
 */
export type DeliveryLane = 'account' | 'default' | 'bulk';

const LANE_QUEUES: Record<DeliveryLane, string> = {
  account: 'event-delivery-account',
  default: 'event-delivery',
  bulk: 'event-delivery-bulk',
};

/** What a subscriber receives besides the payload. */
export interface EventMeta {
  /** The outbox event's id: stable across redeliveries (deduplicate on it). */
  eventId: string;
  name: string;
  /** 0 on the first attempt. */
  attempt: number;
}

/**
 * `data` is the payload as emitted: an object (the default), or a bare id string for the
 * events Medusa sends one with (`cart.customer_updated`), which their subscribers declare.
 */
export type EventHandler<T extends EventData = Record<string, unknown>> = (data: T, meta: EventMeta) => Promise<void>;

/**
 * An event as the relay hands it over: the business lane first, each lane in outbox order
 * (so the events of one resource, which are all of one lane, keep their order).
 */
export interface RelayedEvent {
  id: string;
  /** Its place in the outbox (a bigint, as text): the order events were written in. */
  seq: string;
  name: string;
  data: EventData;
}

/** Runs a statement on the relay's connection, inside its transaction. */
export type RelayQuery = (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * A consumer that takes each relayed batch inside the relay's transaction, in outbox order
 * (`seq`): what it writes commits with the events' hand-over, once, and batches are handed
 * over one at a time across all instances. For work whose order matters (webhooks).
 */
export type RelayConsumer = (events: RelayedEvent[], query: RelayQuery) => Promise<void>;

interface DeliveryMessage {
  event_id: string;
  name: string;
  data: EventData;
  subscriber: string;
}

const RELAY_BATCH = 200;
/** Held for the relay's transaction: one instance relays at a time, so batches are handed over in outbox order. */
const RELAY_LOCK = 'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked';
const RELAY_LOCK_KEY = 'outbox-event-relay';
const RETENTION_SWEEP_EVERY = 600;
/** Held for a retention sweep's transaction: instances never sweep at once (their deletes would wait on each other's rows). */
const RETENTION_LOCK_KEY = 'outbox-event-retention';

/** A sweep of what the events left behind (settled webhook deliveries), run with the outbox's own retention sweep. */
export type RetentionSweep = (query: RelayQuery) => Promise<void>;

/**
 * Medusa's event bus, made durable:
 * - events are written by the change that reports them, in its transaction, with
 *   `emitEvent` / `emitEvents` (./outbox), or inside the change's own statement with
 *   `eventFromRowSql` / `eventsCteSql`; the bus never writes one itself;
 * - a relay on every instance with queue workers moves committed events to the job queue,
 *   one delivery job per subscriber, in the same transaction that marks them dispatched;
 *   the relays of all instances take turns (an advisory lock held for the transaction), so
 *   each event is relayed exactly once. A batch takes the business lane's events first (see
 *   EventLane), each lane in outbox order: an anonymous client's cart chatter never holds
 *   back an order's events, and one resource's events (all of one lane) keep their order.
 *   Relay consumers (onRelay) take the batch inside that transaction, in that order;
 * - each delivery job runs its one subscriber, at least once, retried with exponential
 *   backoff by the queue (QUEUE_RETRY_LIMIT / QUEUE_RETRY_DELAY_SECONDS), and ends in a
 *   dead-letter queue (logged) when it keeps failing. One failing subscriber never makes
 *   the others run again.
 * Subscribers are named (`subscribe(event, id, handler)`): the name routes a delivery job
 * to its handler on whichever instance picks it up, so every instance registers the same ones.
 */
@Injectable()
export class EventBus implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventBus.name);
  /** Per event: each subscriber's lane. */
  private readonly subscribers = new Map<string, Map<string, DeliveryLane>>();
  private readonly handlers = new Map<string, EventHandler<EventData>>();
  private readonly relayConsumers = new Map<string, { consume: RelayConsumer; afterCommit?: () => void }>();
  private readonly retentionSweeps = new Map<string, RetentionSweep>();
  private readonly pollIntervalMs: number;
  private readonly retentionDays: number;
  private readonly databaseUrl?: string;
  private stopping = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private ticks = 0;
  private pool?: Pool;

  constructor(
    private readonly queue: QueueService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pollIntervalMs = config.events.pollIntervalMs;
    this.retentionDays = config.events.retentionDays;
    this.databaseUrl = config.database.url;
  }

  async onModuleInit(): Promise<void> {
    await this.queue.define(EVENT_DELIVERY_DEAD_LETTER_QUEUE);
    for (const lane of Object.values(LANE_QUEUES)) {
      await this.queue.define(lane, { deadLetter: EVENT_DELIVERY_DEAD_LETTER_QUEUE });
      this.queue.work<DeliveryMessage>(lane, (job) => this.deliver(job));
    }
    this.queue.work<DeliveryMessage>(EVENT_DELIVERY_DEAD_LETTER_QUEUE, async (job) => {
      this.logger.error(
        { event: job.data.event_id, subscriber: job.data.subscriber },
        `event ${job.data.name} could not be delivered to ${job.data.subscriber}`,
      );
    });
  }

  onApplicationBootstrap(): void {
    if (this.queue.settings.workersEnabled) this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    await this.pool?.end().catch(() => undefined);
  }

  /**
   * Registers `handler` for `eventName` under the subscriber name `id` (unique per event),
   * its deliveries in `lane` (DeliveryLane). Events relayed from now on reach it.
   */
  subscribe<T extends EventData = Record<string, unknown>>(eventName: string, id: string, typed: EventHandler<T>, options: { lane?: DeliveryLane } = {}): void {
    const handler = typed as EventHandler<EventData>;
    const forEvent = this.subscribers.get(eventName) ?? new Map<string, DeliveryLane>();
    if (forEvent.has(id)) throw new Error(`subscriber ${id} is already registered for ${eventName}`);
    forEvent.set(id, options.lane ?? 'default');
    this.subscribers.set(eventName, forEvent);
    this.handlers.set(`${eventName}\u0000${id}`, handler);
    // From now on its events are written even where no webhook endpoint wants them (outbox.ts, eventAlwaysWritten).
    noteSubscriber(eventName);
  }

  /**
   * Registers a consumer of every relayed batch (see RelayConsumer) under the name `id`;
   * `afterCommit` runs once a batch it took part in has committed (to wake its workers).
   */
  onRelay(id: string, consume: RelayConsumer, afterCommit?: () => void): void {
    if (this.relayConsumers.has(id)) throw new Error(`relay consumer ${id} is already registered`);
    this.relayConsumers.set(id, { consume, afterCommit });
  }

  /**
   * Registers a sweep run before each outbox retention sweep (see sweepRetention), in its
   * transaction: what references events (deliveries) goes first, so their events can go.
   */
  onRetentionSweep(id: string, sweep: RetentionSweep): void {
    if (this.retentionSweeps.has(id)) throw new Error(`retention sweep ${id} is already registered`);
    this.retentionSweeps.set(id, sweep);
  }

  /**
   * Deletes what is past its retention (the loop, every RETENTION_SWEEP_EVERY ticks; tests):
   * the registered sweeps, then handed-over events older than EVENTS_RETENTION_DAYS that
   * nothing references any more. One instance at a time (an advisory lock held for the
   * transaction; another instance sweeping skips its turn). Resolves with false when skipped.
   */
  async sweepRetention(): Promise<boolean> {
    const client = await this.relayPool().connect();
    let release: boolean | Error = false;
    try {
      await client.query(`BEGIN /* event-relay: retention */`);
      try {
        const [{ locked }] = (await client.query<{ locked: boolean }>(`${RELAY_LOCK} /* event-relay: retention */`, [RETENTION_LOCK_KEY])).rows;
        if (locked) {
          const query: RelayQuery = async (text, values) => (await client.query(text, values)).rows;
          for (const sweep of this.retentionSweeps.values()) await sweep(query);
          // A webhook delivery reads its payload from its event: an event still referenced stays.
          await client.query(
            `DELETE FROM outbox_event e /* event-relay: retention */ WHERE e.dispatched_at < now() - make_interval(days => $1)
               AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)`,
            [this.retentionDays],
          );
        }
        await client.query(`COMMIT /* event-relay: retention */`);
        return locked;
      } catch (err) {
        await client.query(`ROLLBACK /* event-relay: retention */`).catch(() => undefined);
        throw err;
      }
    } catch (err) {
      release = err as Error;
      throw err;
    } finally {
      client.release(release);
    }
  }

  /**
   * Relays what is pending now (the loop; tests). Resolves with the number of events relayed.
   * Runs on a connection of its own, every statement tagged `event-relay`, so it is told
   * apart from request work wherever statements are looked at.
   */
  async relayOnce(): Promise<number> {
    const client = await this.relayPool().connect();
    let release: boolean | Error = false;
    try {
      await client.query(`BEGIN /* event-relay */`);
      try {
        const [{ locked }] = (await client.query<{ locked: boolean }>(`${RELAY_LOCK} /* event-relay */`, [RELAY_LOCK_KEY])).rows;
        if (!locked) {
          // Another instance is relaying: its batch goes first, this one waits for the next tick.
          await client.query(`COMMIT /* event-relay */`);
          return 0;
        }
        const { rows } = await client.query<RelayedEvent>(
          `SELECT id, seq::text AS seq, name, data FROM outbox_event /* event-relay */ WHERE dispatched_at IS NULL ORDER BY lane, seq LIMIT ${RELAY_BATCH} FOR UPDATE`,
        );
        const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await client.query(text, values)).rows }) };
        for (const event of rows) {
          for (const [subscriber, lane] of this.subscribers.get(event.name) ?? []) {
            const message: DeliveryMessage = { event_id: event.id, name: event.name, data: event.data, subscriber };
            await this.queue.send(LANE_QUEUES[lane], message, { db });
          }
        }
        if (rows.length > 0) {
          const query: RelayQuery = async (text, values) => (await client.query(text, values)).rows;
          for (const { consume } of this.relayConsumers.values()) await consume(rows, query);
          await client.query(`UPDATE outbox_event /* event-relay */ SET dispatched_at = now() WHERE id = ANY($1)`, [rows.map((row) => row.id)]);
        }
        await client.query(`COMMIT /* event-relay */`);
        return rows.length;
      } catch (err) {
        await client.query(`ROLLBACK /* event-relay */`).catch(() => undefined);
        throw err;
      }
    } catch (err) {
      release = err as Error;
      throw err;
    } finally {
      client.release(release);
    }
  }

  private relayPool(): Pool {
    if (!this.pool) {
      this.pool = new Pool({ connectionString: this.databaseUrl, max: 1, application_name: 'medusa-compatible-api:event-relay' });
      this.pool.on('error', (err) => this.logger.warn({ err }, 'event relay connection error'));
    }
    return this.pool;
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => (this.running = undefined));
    }, delayMs);
  }

  private async tick(): Promise<void> {
    let relayed = 0;
    try {
      relayed = await this.relayOnce();
      if (relayed > 0) {
        for (const lane of Object.values(LANE_QUEUES)) this.queue.wake(lane);
        for (const { afterCommit } of this.relayConsumers.values()) afterCommit?.();
      }
      if (++this.ticks % RETENTION_SWEEP_EVERY === 0) await this.sweepRetention();
    } catch (err) {
      if (!this.stopping) this.logger.error({ err }, 'relaying events failed');
    }
    // A full batch means more are waiting: go on at once.
    this.schedule(relayed >= RELAY_BATCH ? 0 : this.pollIntervalMs);
  }

  private async deliver(job: QueueJob<DeliveryMessage>): Promise<void> {
    const { event_id, name, data, subscriber } = job.data;
    const handler = this.handlers.get(`${name}\u0000${subscriber}`);
    // Another instance (a newer or older release) may know it: fail, to be retried.
    if (!handler) throw new Error(`no subscriber ${subscriber} for ${name} on this instance`);
    await handler(data, { eventId: event_id, name, attempt: job.retryCount });
  }
}

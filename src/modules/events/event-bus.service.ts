import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { QueueJob } from '../queue/consumer-loop';
import { QueueService } from '../queue/queue.service';
import { emitEvent, EventName } from './outbox';

const EVENT_DELIVERY_QUEUE = 'event-delivery';
const EVENT_DELIVERY_DEAD_LETTER_QUEUE = 'event-delivery-dead';

/** What a subscriber receives besides the payload. */
export interface EventMeta {
  /** The outbox event's id: stable across redeliveries (deduplicate on it). */
  eventId: string;
  name: string;
  /** 0 on the first attempt. */
  attempt: number;
}

export type EventHandler = (data: Record<string, unknown>, meta: EventMeta) => Promise<void>;

/**
 * Which of these event names a subscriber wants now, asked once per relay batch inside the
 * relay's transaction (`query` runs on its connection). A subscriber that often wants nothing
 * (webhooks without endpoints) saves a queued job per event; being read in the transaction
 * that hands the events over, the answer is as current as the events themselves.
 */
export type WantedEvents = (names: string[], query: (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>) => Promise<Set<string>>;

interface DeliveryMessage {
  event_id: string;
  name: string;
  data: Record<string, unknown>;
  subscriber: string;
}

interface PendingEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
}

const RELAY_BATCH = 200;
const RETENTION_SWEEP_EVERY = 600;

/**
 * Medusa's event bus, made durable:
 * - `emit(manager, name, data)` writes the event in the caller's transaction (emitEvent);
 * - a relay on every instance with queue workers moves committed events to the job queue,
 *   one delivery job per subscriber, in the same transaction that marks them dispatched
 *   (`FOR UPDATE SKIP LOCKED`: each event is relayed exactly once across instances);
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
  private readonly subscribers = new Map<string, Map<string, EventHandler>>();
  private readonly handlers = new Map<string, EventHandler>();
  private readonly wanted = new Map<string, WantedEvents>();
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
    await this.queue.define(EVENT_DELIVERY_QUEUE, { deadLetter: EVENT_DELIVERY_DEAD_LETTER_QUEUE });
    this.queue.work<DeliveryMessage>(EVENT_DELIVERY_QUEUE, (job) => this.deliver(job));
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

  /** Writes the event in the caller's transaction (see emitEvent). */
  emit(manager: EntityManager, name: EventName, data: { id?: string } & Record<string, unknown>): Promise<string> {
    return emitEvent(manager, name, data);
  }

  /**
   * Registers `handler` for `eventName` under the subscriber name `id` (unique per event).
   * Events relayed from now on reach it.
   */
  subscribe(eventName: string, id: string, handler: EventHandler, wanted?: WantedEvents): void {
    const forEvent = this.subscribers.get(eventName) ?? new Map<string, EventHandler>();
    if (forEvent.has(id)) throw new Error(`subscriber ${id} is already registered for ${eventName}`);
    forEvent.set(id, handler);
    this.subscribers.set(eventName, forEvent);
    this.handlers.set(`${eventName}\u0000${id}`, handler);
    if (wanted) this.wanted.set(id, wanted);
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
        const { rows } = await client.query<PendingEvent>(
          `SELECT id, name, data FROM outbox_event /* event-relay */ WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
        );
        const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await client.query(text, values)).rows }) };
        const wants = await this.wantedIn(rows, async (text, values) => (await client.query(text, values)).rows);
        for (const event of rows) {
          for (const subscriber of this.subscribers.get(event.name)?.keys() ?? []) {
            if (wants.get(subscriber)?.has(event.name) === false) continue;
            const message: DeliveryMessage = { event_id: event.id, name: event.name, data: event.data, subscriber };
            await this.queue.send(EVENT_DELIVERY_QUEUE, message, { db });
          }
        }
        if (rows.length > 0)
          await client.query(`UPDATE outbox_event /* event-relay */ SET dispatched_at = now() WHERE id = ANY($1)`, [rows.map((row) => row.id)]);
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

  /** Per subscriber that filters (WantedEvents), the names of this batch it wants. */
  private async wantedIn(
    events: PendingEvent[],
    query: (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>,
  ): Promise<Map<string, Set<string>>> {
    const answers = new Map<string, Set<string>>();
    if (events.length === 0) return answers;
    const names = [...new Set(events.map((event) => event.name))];
    for (const [subscriber, wanted] of this.wanted) {
      const asked = names.filter((name) => this.subscribers.get(name)?.has(subscriber));
      if (asked.length > 0) answers.set(subscriber, await wanted(asked, query));
    }
    return answers;
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
      if (relayed > 0) this.queue.wake(EVENT_DELIVERY_QUEUE);
      if (++this.ticks % RETENTION_SWEEP_EVERY === 0) {
        await this.relayPool().query(`DELETE FROM outbox_event /* event-relay */ WHERE dispatched_at < now() - make_interval(days => $1)`, [
          this.retentionDays,
        ]);
      }
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

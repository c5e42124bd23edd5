import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { ConsumerLoop, QueueHandler } from './consumer-loop';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import type { QueueConfig } from './queue.config';
import { transactionDb } from './transaction-db';

export const QUEUE_SCHEMA = 'pgboss';

const DEADLOCK_DETECTED = '40P01';
const MAX_CREATE_ATTEMPTS = 5;

export interface QueueOptions {
  /** Where a job goes once its retries are exhausted (or its worker kept dying). */
  deadLetter?: string;
}

/**
 * The application's job queue: pg-boss on the app's own PostgreSQL (schema `pgboss`, its
 * own small pool). Jobs survive restarts, run once across instances (SKIP LOCKED), are
 * retried when a worker fails or dies (expiry), and end in a dead-letter queue when they
 * keep failing, so no job is ever stuck.
 *
 * Lifecycle: started on module init; consumers start once the whole app has booted;
 * on shutdown consumers are drained first (in-flight jobs reach a safe point or are handed
 * back), then pg-boss stops, all before TypeORM closes its connections.
 */
/** How a job retries, and the id its caller chose for it. */
interface JobOptions {
  retry?: { limit: number; delaySeconds: number };
  id?: string;
}

@Injectable()
export class QueueService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueueService.name);
  private readonly config: QueueConfig;
  private readonly databaseUrl?: string;
  private readonly definitions = new Map<string, QueueOptions>();
  private readonly consumers = new Map<string, ConsumerLoop<unknown>>();
  private readonly pending: Array<{ name: string; handler: QueueHandler<unknown> }> = [];
  private boss?: PgBoss;
  private starting?: Promise<PgBoss>;
  private bootstrapped = false;
  private stopped = false;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'queue' | 'database'>) {
    this.config = config.queue;
    this.databaseUrl = config.database.url;
  }

  async onModuleInit(): Promise<void> {
    await this.start();
  }

  onApplicationBootstrap(): void {
    this.bootstrapped = true;
    for (const { name, handler } of this.pending.splice(0)) this.startConsumer(name, handler);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /**
   * Creates the queue if it does not exist yet. Safe when several instances boot at once on
   * a new database: their creates of the same queues can deadlock in PostgreSQL (pg-boss
   * creates a partition per queue), and the one chosen as the victim tries again.
   */
  async define(name: string, options: QueueOptions = {}): Promise<void> {
    const boss = await this.start();
    this.definitions.set(name, options);
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name, { name, ...(options.deadLetter ? { deadLetter: options.deadLetter } : {}) });
        return;
      } catch (err) {
        if (await boss.getQueue(name)) return;
        if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= MAX_CREATE_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
      }
    }
  }

  /** Registers the handler of a queue; it starts working once the app has booted (if workers are enabled). */
  work<T>(name: string, handler: QueueHandler<T>): void {
    const entry = { name, handler: handler as QueueHandler<unknown> };
    if (this.bootstrapped) this.startConsumer(entry.name, entry.handler);
    else this.pending.push(entry);
  }

  /**
   * Enqueues a job inside the caller's transaction: through `manager`'s, or `db` (a plain pg
   * client inside its own transaction). The job row exists only if that transaction
   * commits. Call `wake(name)` after the commit for this instance to pick it up at once
   * instead of at its next poll. `id`: the job's id chosen by the caller (a uuid), for work
   * that records which job owns it.
   */
  send(
    name: string,
    data: object,
    options: JobOptions & ({ manager: EntityManager; db?: never } | { db: PgBoss.Db; manager?: never }),
  ): Promise<string | null> {
    return this.enqueue(name, data, options, options.manager ? transactionDb(options.manager) : options.db);
  }

  /** send() outside any transaction: the job is written at once, on the queue's own connection. */
  sendOnOwnConnection(name: string, data: object, options: JobOptions = {}): Promise<string | null> {
    return this.enqueue(name, data, options, undefined);
  }

  private async enqueue(name: string, data: object, options: JobOptions, db: PgBoss.Db | undefined): Promise<string | null> {
    const boss = await this.start();
    const definition = this.definitions.get(name) ?? {};
    return boss.send(name, data, {
      retryLimit: options.retry?.limit ?? this.config.retryLimit,
      retryDelay: options.retry?.delaySeconds ?? this.config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.config.expireInSeconds,
      ...(options.id ? { id: options.id } : {}),
      ...(definition.deadLetter ? { deadLetter: definition.deadLetter } : {}),
      ...(db ? { db } : {}),
    });
  }

  /** Lets local workers of `name` look for work now. */
  wake(name: string): void {
    this.consumers.get(name)?.wake();
  }

  get settings(): Readonly<QueueConfig> {
    return this.config;
  }

  private start(): Promise<PgBoss> {
    if (!this.starting) {
      const boss = new PgBoss({
        connectionString: this.databaseUrl,
        schema: QUEUE_SCHEMA,
        max: this.config.poolSize,
        application_name: 'medusa-compatible-api:queue',
        // No cron schedules are used: skip the timekeeper and its timers entirely.
        schedule: false,
        supervise: true,
        migrate: true,
        maintenanceIntervalSeconds: this.config.maintenanceIntervalSeconds,
        expireInSeconds: this.config.expireInSeconds,
      });
      boss.on('error', (err) => this.logger.error({ err }, 'queue error'));
      this.starting = boss.start().then(() => (this.boss = boss));
    }
    return this.starting;
  }

  private startConsumer(name: string, handler: QueueHandler<unknown>): void {
    if (!this.config.workersEnabled || this.stopped || !this.boss) return;
    const consumer = new ConsumerLoop(
      this.boss,
      name,
      handler,
      { concurrency: this.config.concurrency, pollIntervalMs: this.config.pollIntervalMs },
      this.logger,
    );
    this.consumers.set(name, consumer);
    consumer.start();
  }

  private async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all([...this.consumers.values()].map((consumer) => consumer.stop(this.config.shutdownTimeoutMs)));
    this.consumers.clear();
    if (this.starting) {
      const boss = await this.starting.catch(() => undefined);
      await boss?.stop({ graceful: false, close: true, wait: true });
    }
  }
}

import { request as httpRequest } from 'http';
import { request as httpsRequest } from 'https';
import { isIP } from 'net';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../../common/database/ids';
import { ApiError } from '../../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
import type { QueueJob } from '../../queue/consumer-loop';
import { QueueService } from '../../queue/queue.service';
import { EventBus, RelayedEvent, RelayQuery } from '../event-bus.service';
import type { EventName } from '../outbox';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { newWebhookSecret, signWebhook } from './webhook-signature';
import { guardedLookup, isPrivateAddress, webhookUrlProblem } from './webhook-target';

const WEBHOOK_QUEUE = 'webhook-delivery';

/** Events a webhook may ask for: every event but the password resets (their tokens go only to the mailbox). */
const WEBHOOK_EVENTS: readonly EventName[] = [
  'customer.created',
  'customer.updated',
  'order.placed',
  'gift_card.created',
  'discount.created',
  'draft_order.created',
  'draft_order.updated',
  'cart.created',
  'cart.updated',
  'cart.customer_updated',
];

const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
}

/**
 * Webhooks: endpoints registered by the admin get the events they ask for, each delivery
 * signed as Standard Webhooks does (`webhook-id`, `webhook-timestamp`, `webhook-signature`),
 * with the delivery's id stable across attempts. A delivery is a job of its own: a non-2xx
 * answer, a timeout or a refused connection is retried with exponential backoff
 * (WEBHOOK_RETRY_LIMIT attempts after the first, from WEBHOOK_RETRY_DELAY_SECONDS doubling:
 * about 17 hours with the defaults), then the delivery is `failed` (visible, redeliverable).
 *
 * Order per resource: the deliveries of one relayed batch are written in the relay's
 * transaction, in outbox order, and a delivery about a resource (the payload's `id`) goes
 * out only once every earlier delivery to the same endpoint about the same resource has
 * settled (succeeded, or failed for good). One that must wait ends its job and is sent by
 * the job its predecessor queues when it settles. The check and the send hold an advisory
 * lock on (endpoint, resource), so instances never send two of one resource's deliveries at once.
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  private readonly logger = new Logger(WebhooksService.name);
  private readonly retry: { limit: number; delaySeconds: number };
  private readonly timeoutMs: number;
  private readonly lookup: ReturnType<typeof guardedLookup>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly bus: EventBus,
  ) {
    this.retry = { limit: config.webhooks.retryLimit, delaySeconds: config.webhooks.retryDelaySeconds };
    this.timeoutMs = config.webhooks.timeoutMs;
    this.lookup = guardedLookup(config.webhooks.allowPrivate);
  }

  async onModuleInit(): Promise<void> {
    await this.queue.define(WEBHOOK_QUEUE);
    this.queue.work<{ delivery_id: string }>(WEBHOOK_QUEUE, (job) => this.attempt(job));
    this.bus.onRelay(
      'webhooks',
      (events, query) => this.fanOut(events, query),
      () => this.queue.wake(WEBHOOK_QUEUE),
    );
  }

  async create(input: WebhookInput): Promise<WebhookEndpoint> {
    this.check(input);
    const repo = this.dataSource.getRepository(WebhookEndpoint);
    const endpoint = repo.create({
      id: generateEntityId(WebhookEndpoint.idPrefix),
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      secret: newWebhookSecret(),
      disabled_at: null,
    });
    await repo.insert(endpoint);
    return endpoint;
  }

  async list(offset: number, limit: number): Promise<[WebhookEndpoint[], number]> {
    return this.dataSource.getRepository(WebhookEndpoint).findAndCount({ order: { created_at: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  async retrieve(id: string): Promise<WebhookEndpoint> {
    const endpoint = await this.dataSource.getRepository(WebhookEndpoint).findOne({ where: { id } });
    if (!endpoint) throw ApiError.notFound(`Webhook with id: ${id} was not found`);
    return endpoint;
  }

  async update(id: string, input: Partial<WebhookInput> & { is_disabled?: boolean }): Promise<WebhookEndpoint> {
    const endpoint = await this.retrieve(id);
    const next = { url: input.url ?? endpoint.url, events: input.events ?? endpoint.events };
    this.check(next);
    await this.dataSource.getRepository(WebhookEndpoint).update(id, {
      url: next.url,
      events: [...new Set(next.events)],
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.is_disabled !== undefined ? { disabled_at: input.is_disabled ? (endpoint.disabled_at ?? new Date()) : null } : {}),
      updated_at: new Date(),
    });
    return this.retrieve(id);
  }

  async deliveries(endpointId: string, offset: number, limit: number): Promise<[WebhookDelivery[], number]> {
    await this.retrieve(endpointId);
    return this.dataSource
      .getRepository(WebhookDelivery)
      .findAndCount({ where: { endpoint_id: endpointId }, order: { created_at: 'DESC', id: 'DESC' }, skip: offset, take: limit });
  }

  /** Sends a delivery again (same `webhook-id`), with a fresh set of retries. */
  async redeliver(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(WebhookDelivery);
      const delivery = await repo.findOne({ where: { id: deliveryId, endpoint_id: endpointId }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw ApiError.notFound(`Webhook delivery with id: ${deliveryId} was not found`);
      await repo.update(deliveryId, { status: 'pending', updated_at: new Date() });
      await this.queue.send(WEBHOOK_QUEUE, { delivery_id: deliveryId }, { manager, retry: this.retry });
      return (await repo.findOne({ where: { id: deliveryId } }))!;
    });
  }

  private check(input: { url: string; events: string[] }): void {
    const problem = webhookUrlProblem(input.url, this.config.isProduction, this.config.webhooks.allowPrivate);
    if (problem) throw ApiError.invalid(problem);
    if (input.events.length === 0) throw ApiError.invalid('events must name at least one event');
    const unknown = input.events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length) throw ApiError.invalid(`Unknown events: ${unknown.join(', ')}. Webhooks can receive: ${WEBHOOK_EVENTS.join(', ')}`);
  }

  /**
   * In the relay's transaction: one delivery per live endpoint wanting each event of the
   * batch, with its job (idempotent: a batch relayed again adds nothing). The delivery's id
   * (the `webhook-id`) is derived from the event's and the endpoint's. The resource is the
   * payload's `id`, or the payload itself where Medusa's is a bare id (`cart.customer_updated`).
   */
  private async fanOut(events: RelayedEvent[], query: RelayQuery): Promise<void> {
    const wanted = events.filter((event) => (WEBHOOK_EVENTS as readonly string[]).includes(event.name));
    if (wanted.length === 0) return;
    const created = await query(
      `INSERT INTO webhook_delivery /* event-relay */ (id, endpoint_id, event_id, event_name, payload, aggregate_id, event_seq)
       SELECT 'msg_' || substr(ev.id, 5) || '_' || substr(e.id, 5), e.id, ev.id, ev.name, ev.data, CASE jsonb_typeof(ev.data) WHEN 'string' THEN ev.data #>> '{}' ELSE ev.data->>'id' END, ev.seq
         FROM unnest($1::varchar[], $2::bigint[], $3::varchar[], $4::jsonb[]) AS ev(id, seq, name, data)
         JOIN webhook_endpoint e ON e.disabled_at IS NULL AND ev.name = ANY(e.events)
        ORDER BY ev.seq, e.id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
      [wanted.map((e) => e.id), wanted.map((e) => e.seq), wanted.map((e) => e.name), wanted.map((e) => JSON.stringify(e.data))],
    );
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await query(text, values) }) };
    for (const { id } of created) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: id }, { db, retry: this.retry });
  }

  private async attempt(job: QueueJob<{ delivery_id: string }>): Promise<void> {
    const outcome = await this.dataSource.transaction((manager) => this.attemptIn(manager, job));
    // A successor queued by this attempt's settlement is picked up now, not at the next poll.
    this.queue.wake(WEBHOOK_QUEUE);
    if (outcome.retry) throw new Error(outcome.retry);
  }

  /** One attempt of a delivery, in a transaction that holds its (endpoint, resource) lock. Resolves with a reason to retry, if any. */
  private async attemptIn(manager: EntityManager, job: QueueJob<{ delivery_id: string }>): Promise<{ retry?: string }> {
    const repo = manager.getRepository(WebhookDelivery);
    const key = await repo.findOne({ where: { id: job.data.delivery_id }, select: { id: true, endpoint_id: true, aggregate_id: true, event_seq: true } });
    if (!key) return {};
    if (key.aggregate_id !== null) {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`webhook:${key.endpoint_id}:${key.aggregate_id}`]);
    }
    // Read under the lock: what an attempt of the same resource committed before is seen.
    const delivery = (await repo.findOne({ where: { id: key.id } }))!;
    // Sent already (a job queued twice: by its predecessor and its own), or a stale job of a delivery that is retrying on its own.
    if (delivery.status === 'succeeded' || (delivery.status === 'retrying' && job.retryCount === 0)) return {};
    if (key.aggregate_id !== null && key.event_seq !== null) {
      const [earlier] = await manager.query(
        `SELECT id FROM webhook_delivery WHERE endpoint_id = $1 AND aggregate_id = $2 AND event_seq < $3 AND status IN ('pending', 'retrying') ORDER BY event_seq LIMIT 1`,
        [key.endpoint_id, key.aggregate_id, key.event_seq],
      );
      // Its turn comes when the earlier one settles (see settled below).
      if (earlier) return {};
    }
    const endpoint = await manager
      .getRepository(WebhookEndpoint)
      .createQueryBuilder('e')
      .addSelect('e.secret')
      .where('e.id = :id', { id: delivery.endpoint_id })
      .getOne();
    if (!endpoint || endpoint.disabled_at) {
      await repo.update(delivery.id, { status: 'failed', last_error: 'The endpoint is disabled', updated_at: new Date() });
      await this.settled(manager, key);
      return {};
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: delivery.event_name, timestamp: new Date(timestamp * 1000).toISOString(), data: delivery.payload });
    let status: number | null = null;
    let error: string | null = null;
    try {
      status = await this.post(endpoint.url, body, {
        'content-type': 'application/json',
        'user-agent': 'medusa-compatible-api-webhooks',
        'webhook-id': delivery.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(endpoint.secret, delivery.id, timestamp, body),
      });
      if (status < 200 || status >= 300) error = `The endpoint answered ${status}`;
    } catch (err) {
      error = (err as Error).message;
    }
    const attempts = delivery.attempts + 1;
    const last = job.retryCount >= job.retryLimit;
    await repo.update(delivery.id, {
      attempts,
      response_status: status,
      last_error: error,
      status: error === null ? 'succeeded' : last ? 'failed' : 'retrying',
      ...(error === null ? { delivered_at: new Date() } : {}),
      updated_at: new Date(),
    });
    if (error !== null && !last) return { retry: `webhook ${delivery.id} to ${endpoint.url}: ${error}` };
    if (error !== null) this.logger.warn({ delivery: delivery.id }, `webhook delivery failed for good after ${attempts} attempts: ${error}`);
    await this.settled(manager, key);
    return {};
  }

  /** A delivery about a resource has settled: the next one waiting for it gets a job (committed with the settlement). */
  private async settled(manager: EntityManager, key: Pick<WebhookDelivery, 'endpoint_id' | 'aggregate_id' | 'event_seq'>): Promise<void> {
    if (key.aggregate_id === null || key.event_seq === null) return;
    const [next] = await manager.query(
      `SELECT id FROM webhook_delivery WHERE endpoint_id = $1 AND aggregate_id = $2 AND event_seq > $3 AND status = 'pending' ORDER BY event_seq LIMIT 1`,
      [key.endpoint_id, key.aggregate_id, key.event_seq],
    );
    if (next) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: next.id }, { manager, retry: this.retry });
  }

  /** POSTs with a time limit on the whole exchange; reads at most 64 KiB of the answer. Resolves with the status. */
  private post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // A literal address is never looked up: checked here.
      if (isIP(host) && isPrivateAddress(host) && !this.config.webhooks.allowPrivate) return reject(new Error(`${host} is a private address`));
      const timer = setTimeout(() => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup: this.lookup as never }, (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          resolve(res.statusCode ?? 0);
        };
        res.on('close', done);
        res.on('error', done);
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      req.end(body);
    });
  }
}

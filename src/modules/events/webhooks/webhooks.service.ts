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
import { ALL_WEBHOOK_QUEUES, fanOutDeliveries, sweepSettledDeliveries, webhookQueueOf } from './webhook-fan-out';
import { newWebhookSecret, signWebhook } from './webhook-signature';
import { guardedLookup, isPrivateAddress, webhookUrlProblem } from './webhook-target';

/** Events a webhook may ask for: every event but the password resets and invitations (their tokens go only to the mailbox). */
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
  'region.created',
  'region.updated',
  'region.deleted',
  'user.created',
  'user.updated',
  'user.deleted',
];

const MAX_RESPONSE_BYTES = 64 * 1024;

/** A delivery as the admin API answers it: with its event's payload (stored once, in the event). */
type DeliveryAnswer = Omit<WebhookDelivery, 'event'> & { payload: unknown };

function deliveryAnswer({ event, ...delivery }: WebhookDelivery): DeliveryAnswer {
  return { ...delivery, payload: event?.data ?? null };
}

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
 *
 * Lanes: cart deliveries (what any anonymous client causes) have a queue and workers of
 * their own, so they never hold back an order's or a customer's; and a cart's repeated
 * `cart.updated` collapse to the newest while they wait (webhook-fan-out.ts).
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
    for (const queue of ALL_WEBHOOK_QUEUES) {
      await this.queue.define(queue);
      this.queue.work<{ delivery_id: string }>(queue, (job) => this.attempt(job, queue));
    }
    this.bus.onRelay(
      'webhooks',
      (events, query) => this.fanOut(events, query),
      () => ALL_WEBHOOK_QUEUES.forEach((queue) => this.queue.wake(queue)),
    );
    this.bus.onRetentionSweep('webhook-deliveries', (query) => sweepSettledDeliveries(query, this.config.webhooks.deliveryRetentionHours));
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

  async deliveries(endpointId: string, offset: number, limit: number): Promise<[DeliveryAnswer[], number]> {
    await this.retrieve(endpointId);
    const [deliveries, count] = await this.dataSource
      .getRepository(WebhookDelivery)
      .findAndCount({ where: { endpoint_id: endpointId }, relations: { event: true }, order: { created_at: 'DESC', id: 'DESC' }, skip: offset, take: limit });
    return [deliveries.map(deliveryAnswer), count];
  }

  /** Sends a delivery again (same `webhook-id`), with a fresh set of retries. */
  async redeliver(endpointId: string, deliveryId: string): Promise<DeliveryAnswer> {
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(WebhookDelivery);
      const delivery = await repo.findOne({ where: { id: deliveryId, endpoint_id: endpointId }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw ApiError.notFound(`Webhook delivery with id: ${deliveryId} was not found`);
      await repo.update(deliveryId, { status: 'pending', updated_at: new Date() });
      await this.queue.send(webhookQueueOf(delivery.event_name), { delivery_id: deliveryId }, { manager, retry: this.retry });
      return deliveryAnswer((await repo.findOne({ where: { id: deliveryId }, relations: { event: true } }))!);
    });
  }

  private check(input: { url: string; events: string[] }): void {
    const problem = webhookUrlProblem(input.url, this.config.isProduction, this.config.webhooks.allowPrivate);
    if (problem) throw ApiError.invalid(problem);
    if (input.events.length === 0) throw ApiError.invalid('events must name at least one event');
    const unknown = input.events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length) throw ApiError.invalid(`Unknown events: ${unknown.join(', ')}. Webhooks can receive: ${WEBHOOK_EVENTS.join(', ')}`);
  }

  /** In the relay's transaction: the batch's deliveries (see fanOutDeliveries), each with its job in its lane's queue. */
  private async fanOut(events: RelayedEvent[], query: RelayQuery): Promise<void> {
    const created = await fanOutDeliveries(events, WEBHOOK_EVENTS, query);
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await query(text, values) }) };
    for (const { id, queue } of created) await this.queue.send(queue, { delivery_id: id }, { db, retry: this.retry });
  }

  private async attempt(job: QueueJob<{ delivery_id: string }>, queue: string): Promise<void> {
    const outcome = await this.dataSource.transaction((manager) => this.attemptIn(manager, job));
    // A successor queued by this attempt's settlement is picked up now, not at the next poll.
    this.queue.wake(queue);
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
    const delivery = (await repo.findOne({ where: { id: key.id }, relations: { event: true } }))!;
    // Sent already (a job queued twice: by its predecessor and its own), or a stale job of a delivery that is retrying on its own.
    if (delivery.status === 'succeeded' || (delivery.status === 'retrying' && job.retryCount === 0)) return {};
    // Replaced by a newer delivery of its cart (webhook-fan-out.ts) after its predecessor queued this job: pass the turn on.
    if (delivery.status === 'superseded') {
      await this.settled(manager, key);
      return {};
    }
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
    const body = JSON.stringify({ type: delivery.event_name, timestamp: new Date(timestamp * 1000).toISOString(), data: delivery.event?.data });
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
      `SELECT id, event_name FROM webhook_delivery WHERE endpoint_id = $1 AND aggregate_id = $2 AND event_seq > $3 AND status = 'pending' ORDER BY event_seq LIMIT 1`,
      [key.endpoint_id, key.aggregate_id, key.event_seq],
    );
    if (next) await this.queue.send(webhookQueueOf(next.event_name), { delivery_id: next.id }, { manager, retry: this.retry });
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

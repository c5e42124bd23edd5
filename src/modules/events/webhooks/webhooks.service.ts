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
import { EventBus, EventMeta, WantedEvents } from '../event-bus.service';
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
    for (const name of WEBHOOK_EVENTS) this.bus.subscribe(name, 'webhooks', (data, meta) => this.fanOut(data, meta), wantedByEndpoints);
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

  /** One delivery per live endpoint wanting the event, each with its job (idempotent: a retried fan-out adds nothing). */
  private async fanOut(data: Record<string, unknown>, meta: EventMeta): Promise<void> {
    await this.dataSource.transaction(async (manager: EntityManager) => {
      const created: Array<{ id: string }> = await manager.query(
        `INSERT INTO webhook_delivery (id, endpoint_id, event_id, event_name, payload)
         SELECT $1::varchar || '_' || e.id, e.id, $2::varchar, $3::varchar, $4::jsonb FROM webhook_endpoint e WHERE e.disabled_at IS NULL AND $3::text = ANY(e.events)
         ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`,
        [generateEntityId(WebhookDelivery.idPrefix), meta.eventId, meta.name, JSON.stringify(data)],
      );
      for (const { id } of created) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: id }, { manager, retry: this.retry });
    });
    this.queue.wake(WEBHOOK_QUEUE);
  }

  private async attempt(job: QueueJob<{ delivery_id: string }>): Promise<void> {
    const delivery = await this.dataSource.getRepository(WebhookDelivery).findOne({ where: { id: job.data.delivery_id } });
    if (!delivery) return;
    const endpoint = await this.dataSource
      .getRepository(WebhookEndpoint)
      .createQueryBuilder('e')
      .addSelect('e.secret')
      .where('e.id = :id', { id: delivery.endpoint_id })
      .getOne();
    const repo = this.dataSource.getRepository(WebhookDelivery);
    if (!endpoint || endpoint.disabled_at) {
      await repo.update(delivery.id, { status: 'failed', last_error: 'The endpoint is disabled', updated_at: new Date() });
      return;
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
    if (error !== null && !last) throw new Error(`webhook ${delivery.id} to ${endpoint.url}: ${error}`);
    if (error !== null) this.logger.warn({ delivery: delivery.id }, `webhook delivery failed for good after ${attempts} attempts: ${error}`);
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

/** The event names an enabled endpoint listens to: an event none wants is never queued for the webhooks. */
const wantedByEndpoints: WantedEvents = async (names, query) => {
  const rows = await query(
    `SELECT DISTINCT name FROM webhook_endpoint /* event-relay */, unnest(events) AS name WHERE disabled_at IS NULL AND name = ANY($1::text[])`,
    [names],
  );
  return new Set(rows.map((row) => String(row.name)));
};

import { request as httpRequest } from 'http';
import { request as httpsRequest } from 'https';
import { isIP } from 'net';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { generateEntityId } from '../../../common/database/ids';
import { ApiError } from '../../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
import type { QueueJob } from '../../queue/consumer-loop';
import { QueueService } from '../../queue/queue.service';
import { EventBus, RelayedEvent, RelayQuery } from '../event-bus.service';
import type { EventName } from '../outbox';
import { WebhookDelivery, WebhookEndpoint } from './webhook.entities';
import { newWebhookSecret, signatureHeader } from './webhook-signature';
import { guardedLookup, isPrivateAddress, webhookUrlProblem } from './webhook-target';
import {
  AttemptResult,
  claimAttempt,
  CUT_ATTEMPT_ERROR,
  DeliveryKey,
  deleteEndpoint,
  dropExpiredSecrets,
  failWithoutAttempt,
  handOverCutAttempts,
  handOverSuccessor,
  lockDeliveryKey,
  readDeliveryToClaim,
  recordAttempt,
  reopenDelivery,
  rotateSecret,
  sweepIsDue,
} from './webhooks.repository';

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
/** Cut attempts handed to new jobs per sweep (more wait for the next). */
const LEASE_SWEEP_BATCH = 100;

/** A claimed attempt: what the send needs, read in the claim's transaction. */
interface AttemptClaim {
  kind: 'attempt';
  key: DeliveryKey;
  /** This attempt's number (`attempts` once claimed). */
  attempt: number;
  /** The attempt number whose failure is final. */
  limit: number;
  url: string;
  /** The current secret, then the rotated-out one while its grace lasts. */
  secrets: string[];
  eventName: string;
  payload: unknown;
  occurredAt: Date;
}

/** `done`: nothing to send by this job (settled: a successor was given a job); `busy`: another run holds the lease. */
type Claim = AttemptClaim | { kind: 'done'; settled?: boolean } | { kind: 'busy' };

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
 * lock on (endpoint, resource) for the claim, and a delivery being attempted is still open, so
 * instances never send two of one resource's deliveries at once.
 *
 * No connection is held while a receiver answers: an attempt is claimed in a short
 * transaction (the attempt is counted and the delivery leased for WEBHOOK_TIMEOUT_MS +
 * WEBHOOK_LEASE_MARGIN_MS), sent, then recorded in another short statement, fenced by the
 * claim. A delivery belongs to one queue job (`job_id`); a lease that runs out unrecorded (a
 * killed worker) is found by any instance's sweep, which gives the delivery a new job: the
 * cut attempt stays counted, and the job left behind stops at the fence when it expires.
 */
@Injectable()
export class WebhooksService implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhooksService.name);
  private readonly retry: { limit: number; delaySeconds: number };
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly lookup: ReturnType<typeof guardedLookup>;
  private sweepTimer?: NodeJS.Timeout;
  private sweeping?: Promise<unknown>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly queue: QueueService,
    private readonly bus: EventBus,
  ) {
    this.retry = { limit: config.webhooks.retryLimit, delaySeconds: config.webhooks.retryDelaySeconds };
    this.timeoutMs = config.webhooks.timeoutMs;
    this.leaseMs = config.webhooks.timeoutMs + config.webhooks.leaseMarginMs;
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

  /** Where webhook jobs are worked, cut attempts are looked for: once now (a restart after a crash), then every interval. */
  onApplicationBootstrap(): void {
    if (!this.queue.settings.workersEnabled) return;
    const sweep = () => {
      this.sweeping = this.sweepLeases()
        .catch((err) => this.logger.warn({ err }, 'looking for cut webhook attempts failed'))
        .finally(() => {
          this.sweeping = undefined;
          if (this.sweepTimer) this.sweepTimer = setTimeout(sweep, this.config.webhooks.leaseCheckIntervalMs).unref();
        });
    };
    this.sweepTimer = setTimeout(sweep, 0).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweeping;
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
      const reopened = await reopenDelivery(manager, endpointId, deliveryId, this.retry.limit);
      if (!reopened) throw ApiError.notFound(`Webhook delivery with id: ${deliveryId} was not found`);
      await this.queue.send(WEBHOOK_QUEUE, { delivery_id: deliveryId }, { manager, retry: this.retry, id: reopened.job_id });
      return (await manager.getRepository(WebhookDelivery).findOne({ where: { id: deliveryId } }))!;
    });
  }

  /** Deletes an endpoint and its deliveries: none still pending is sent (their jobs find nothing). */
  async remove(id: string): Promise<void> {
    if (!(await deleteEndpoint(this.dataSource.manager, id))) throw ApiError.notFound(`Webhook with id: ${id} was not found`);
  }

  /**
   * Gives the endpoint a new secret, answered this once. Deliveries are signed with both
   * (two signatures in `webhook-signature`) for WEBHOOK_SECRET_GRACE_SECONDS, so the
   * receiver can switch without refusing any; then the old one is dropped.
   */
  async rotateSecret(id: string): Promise<WebhookEndpoint> {
    const secret = newWebhookSecret();
    if (!(await rotateSecret(this.dataSource.manager, id, secret, this.config.webhooks.secretGraceSeconds))) {
      throw ApiError.notFound(`Webhook with id: ${id} was not found`);
    }
    return { ...(await this.retrieve(id)), secret };
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
      `INSERT INTO webhook_delivery /* event-relay */ (id, endpoint_id, event_id, event_name, payload, aggregate_id, event_seq, occurred_at, job_id)
       SELECT 'msg_' || substr(ev.id, 5) || '_' || substr(e.id, 5), e.id, ev.id, ev.name, ev.data, CASE jsonb_typeof(ev.data) WHEN 'string' THEN ev.data #>> '{}' ELSE ev.data->>'id' END, ev.seq, o.created_at, gen_random_uuid()
         FROM unnest($1::varchar[], $2::bigint[], $3::varchar[], $4::jsonb[]) AS ev(id, seq, name, data)
         JOIN outbox_event o ON o.id = ev.id
         JOIN webhook_endpoint e ON e.disabled_at IS NULL AND ev.name = ANY(e.events)
        ORDER BY ev.seq, e.id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id, job_id::text AS job_id`,
      [wanted.map((e) => e.id), wanted.map((e) => e.seq), wanted.map((e) => e.name), wanted.map((e) => JSON.stringify(e.data))],
    );
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await query(text, values) }) };
    for (const { id, job_id } of created) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: id }, { db, retry: this.retry, id: String(job_id) });
  }

  /**
   * One attempt: claimed in a short transaction (lease + counted attempt), sent with no
   * database connection held, recorded in another short statement. Throws to have the
   * queue retry it later (a failure with retries left, or a lease held by a run of the same
   * job elsewhere).
   */
  private async attempt(job: QueueJob<{ delivery_id: string }>): Promise<void> {
    const claim = await this.dataSource.transaction((manager) => this.claim(manager, job));
    if (claim.kind === 'busy') throw new Error(`webhook ${job.data.delivery_id}: another attempt holds its lease`);
    if (claim.kind === 'done') {
      if (claim.settled) this.queue.wake(WEBHOOK_QUEUE);
      return;
    }
    const { status, error } = await this.send(claim);
    const final = claim.attempt >= claim.limit;
    const result: AttemptResult = { status: error === null ? 'succeeded' : final ? 'failed' : 'retrying', responseStatus: status, error };
    const recorded = await this.dataSource.transaction(async (manager) => {
      if (!(await recordAttempt(manager, claim.key.id, job.id, claim.attempt, result))) return false;
      if (result.status !== 'retrying') await this.settled(manager, claim.key);
      return true;
    });
    // Its lease was taken over (this attempt outlived it): the job that took it goes on.
    if (!recorded) return;
    // A successor queued by this attempt's settlement is picked up now, not at the next poll.
    this.queue.wake(WEBHOOK_QUEUE);
    if (result.status === 'retrying') throw new Error(`webhook ${claim.key.id} to ${claim.url}: ${error}`);
    if (result.status === 'failed') this.logger.warn({ delivery: claim.key.id }, `webhook delivery failed for good after ${claim.attempt} attempts: ${error}`);
  }

  /** Decides, under the (endpoint, resource) lock, whether this job attempts the delivery now, and if so claims it. */
  private async claim(manager: EntityManager, job: QueueJob<{ delivery_id: string }>): Promise<Claim> {
    const key = await lockDeliveryKey(manager, job.data.delivery_id);
    // Gone (its endpoint was deleted), or owned by another job (a redelivery, a successor's hand-over, a cut attempt's).
    if (!key || (key.job_id !== null && key.job_id !== job.id)) return { kind: 'done' };
    // Read under the lock: what an attempt of the same resource committed before is seen.
    const delivery = await readDeliveryToClaim(manager, key);
    if (!delivery || delivery.status === 'succeeded' || delivery.status === 'failed') return { kind: 'done' };
    // Its turn comes when the earlier one settles (see settled below).
    if (delivery.waiting) return { kind: 'done' };
    if (delivery.url === null || delivery.secret === null) {
      await failWithoutAttempt(manager, key.id, 'The endpoint is disabled');
      return { kind: 'done', settled: await this.settled(manager, key) };
    }
    if (delivery.leased) return { kind: 'busy' };
    const limit = delivery.attempt_limit ?? this.retry.limit + 1;
    // The last attempt was cut by a crash: it counted, none is left.
    if (delivery.attempts >= limit) {
      await failWithoutAttempt(manager, key.id, CUT_ATTEMPT_ERROR);
      return { kind: 'done', settled: await this.settled(manager, key) };
    }
    const attempt = await claimAttempt(manager, key.id, job.id, this.leaseMs);
    if (attempt === undefined) return { kind: 'busy' };
    const secrets = delivery.previous_secret ? [delivery.secret, delivery.previous_secret] : [delivery.secret];
    return {
      kind: 'attempt',
      key,
      attempt,
      limit,
      url: delivery.url,
      secrets,
      eventName: delivery.event_name,
      payload: delivery.payload,
      occurredAt: delivery.occurred_at,
    };
  }

  /** The POST of a claimed attempt; no database work. The body's `timestamp` is the event's time; the header's is this attempt's (receivers check it is recent). */
  private async send(claim: AttemptClaim): Promise<{ status: number | null; error: string | null }> {
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: claim.eventName, timestamp: new Date(claim.occurredAt).toISOString(), data: claim.payload });
    try {
      const status = await this.post(claim.url, body, {
        'content-type': 'application/json',
        'user-agent': 'medusa-compatible-api-webhooks',
        'webhook-id': claim.key.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(claim.secrets, claim.key.id, timestamp, body),
      });
      return { status, error: status < 200 || status >= 300 ? `The endpoint answered ${status}` : null };
    } catch (err) {
      return { status: null, error: (err as Error).message };
    }
  }

  /** A delivery about a resource has settled: the next one waiting for it gets a job (committed with the settlement). Resolves with whether one did. */
  private async settled(manager: EntityManager, key: Pick<DeliveryKey, 'endpoint_id' | 'aggregate_id' | 'event_seq'>): Promise<boolean> {
    const next = await handOverSuccessor(manager, key);
    if (next) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: next.id }, { manager, retry: this.retry, id: next.job_id });
    return next !== undefined;
  }

  /**
   * Gives a new job to each delivery whose attempt outlived its lease (its worker was
   * killed, or lost the database before recording), and forgets rotated-out secrets past
   * their grace. Every worker instance runs it every WEBHOOK_LEASE_CHECK_INTERVAL_MS.
   */
  async sweepLeases(): Promise<number> {
    if (!(await sweepIsDue(this.dataSource.manager))) return 0;
    const handed = await this.dataSource.transaction(async (manager) => {
      const cut = await handOverCutAttempts(manager, LEASE_SWEEP_BATCH);
      for (const { id, job_id } of cut) await this.queue.send(WEBHOOK_QUEUE, { delivery_id: id }, { manager, retry: this.retry, id: job_id });
      await dropExpiredSecrets(manager);
      return cut.length;
    });
    if (handed > 0) {
      this.logger.warn(`${handed} webhook attempt(s) cut by a stopped worker: retried`);
      this.queue.wake(WEBHOOK_QUEUE);
    }
    return handed;
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

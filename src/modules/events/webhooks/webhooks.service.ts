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
import { ALL_WEBHOOK_QUEUES, fanOutDeliveries, sweepSettledDeliveries, webhookQueueOf } from './webhook-fan-out';
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
  Handover,
  handOverCutAttempts,
  handOverSuccessor,
  lockDeliveryKey,
  readDeliveryToClaim,
  recordAttempt,
  reopenDelivery,
  rotateSecret,
  sweepIsDue,
} from './webhooks.repository';

/** Events a webhook may ask for: every event but the password resets and invitations (their tokens go only to the mailbox). */
const WEBHOOK_EVENTS: readonly EventName[] = [
  'customer.created',
  'customer.updated',
  'order.placed',
  'gift_card.created',
  'discount.created',
  'draft_order.created',
  'draft_order.updated',
  'product.created',
  'product.updated',
  'product.deleted',
  'product-variant.created',
  'product-variant.updated',
  'product-variant.deleted',
  'sales_channel.created',
  'sales_channel.updated',
  'sales_channel.deleted',
  'publishable_api_key.created',
  'publishable_api_key.revoked',
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

/** `done`: nothing to send by this job (`successorQueue`: a successor was given a job there); `busy`: another run holds the lease. */
type Claim = AttemptClaim | { kind: 'done'; successorQueue?: string } | { kind: 'busy' };

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
 * lock on (endpoint, resource) for the claim, and a delivery being attempted is still open, so
 * instances never send two of one resource's deliveries at once.
 *
 * Lanes: cart deliveries (what any anonymous client causes) have a queue and workers of
 * their own, so they never hold back an order's or a customer's; and a cart's repeated
 * `cart.updated` collapse to the newest while they wait (webhook-fan-out.ts). Every job of a
 * delivery, whoever queues it (fan-out, successor, redelivery, lease sweep), goes to its
 * event's queue (webhookQueueOf).
 *
 * No connection is held while a receiver answers: an attempt is claimed in a short
 * transaction (the attempt is counted and the delivery leased for WEBHOOK_TIMEOUT_MS +
 * WEBHOOK_LEASE_MARGIN_MS), sent, then recorded in another short statement, fenced by the
 * claim. A delivery belongs to one queue job (`job_id`); a lease that runs out unrecorded (a
 * killed worker) is found by any instance's sweep, which gives the delivery a new job: the
 * cut attempt stays counted, and the job left behind stops at the fence when it expires.
 * Counting at the claim is also what lets the fan-out supersede only never-attempted
 * deliveries (`attempts = 0`).
 *
 * Two sweeps, on different rows: the lease sweep here (open deliveries whose lease ran out,
 * and rotated-out secrets past their grace), and the retention sweep run with the outbox's
 * (settled deliveries past WEBHOOK_DELIVERY_RETENTION_HOURS, see sweepSettledDeliveries).
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
    for (const queue of ALL_WEBHOOK_QUEUES) {
      await this.queue.define(queue);
      this.queue.work<{ delivery_id: string }>(queue, (job) => this.attempt(job));
    }
    this.bus.onRelay(
      'webhooks',
      (events, query) => this.fanOut(events, query),
      () => ALL_WEBHOOK_QUEUES.forEach((queue) => this.queue.wake(queue)),
    );
    this.bus.onRetentionSweep('webhook-deliveries', (query) => sweepSettledDeliveries(query, this.config.webhooks.deliveryRetentionHours));
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
      const reopened = await reopenDelivery(manager, endpointId, deliveryId, this.retry.limit);
      if (!reopened) throw ApiError.notFound(`Webhook delivery with id: ${deliveryId} was not found`);
      await this.sendJob(manager, reopened);
      return deliveryAnswer((await manager.getRepository(WebhookDelivery).findOne({ where: { id: deliveryId }, relations: { event: true } }))!);
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

  /** In the relay's transaction: the batch's deliveries (see fanOutDeliveries), each with its job in its lane's queue. */
  private async fanOut(events: RelayedEvent[], query: RelayQuery): Promise<void> {
    const created = await fanOutDeliveries(events, WEBHOOK_EVENTS, query);
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await query(text, values) }) };
    for (const { id, job_id, queue } of created) await this.queue.send(queue, { delivery_id: id }, { db, retry: this.retry, id: job_id });
  }

  /** Queues a delivery's job (`job_id`, the one its claim accepts) in its event's lane, in the caller's transaction. Resolves with that queue. */
  private async sendJob(manager: EntityManager, handover: Handover): Promise<string> {
    const queue = webhookQueueOf(handover.event_name);
    await this.queue.send(queue, { delivery_id: handover.id }, { manager, retry: this.retry, id: handover.job_id });
    return queue;
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
      if (claim.successorQueue) this.queue.wake(claim.successorQueue);
      return;
    }
    const { status, error } = await this.send(claim);
    const final = claim.attempt >= claim.limit;
    const result: AttemptResult = { status: error === null ? 'succeeded' : final ? 'failed' : 'retrying', responseStatus: status, error };
    const recorded = await this.dataSource.transaction(async (manager) => {
      if (!(await recordAttempt(manager, claim.key.id, job.id, claim.attempt, result))) return { recorded: false };
      return { recorded: true, successorQueue: result.status !== 'retrying' ? await this.settled(manager, claim.key) : undefined };
    });
    // Its lease was taken over (this attempt outlived it): the job that took it goes on.
    if (!recorded.recorded) return;
    // A successor queued by this attempt's settlement is picked up now, not at the next poll.
    if (recorded.successorQueue) this.queue.wake(recorded.successorQueue);
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
    // Replaced by a newer delivery of its cart (webhook-fan-out.ts), possibly after its
    // predecessor handed it the turn: pass the turn on, or the cart's newest could be left without a job.
    if (delivery.status === 'superseded') return { kind: 'done', successorQueue: await this.settled(manager, key) };
    // Its turn comes when the earlier one settles (see settled below).
    if (delivery.waiting) return { kind: 'done' };
    if (delivery.url === null || delivery.secret === null) {
      await failWithoutAttempt(manager, key.id, 'The endpoint is disabled');
      return { kind: 'done', successorQueue: await this.settled(manager, key) };
    }
    if (delivery.leased) return { kind: 'busy' };
    const limit = delivery.attempt_limit ?? this.retry.limit + 1;
    // The last attempt was cut by a crash: it counted, none is left.
    if (delivery.attempts >= limit) {
      await failWithoutAttempt(manager, key.id, CUT_ATTEMPT_ERROR);
      return { kind: 'done', successorQueue: await this.settled(manager, key) };
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

  /**
   * A delivery about a resource has settled (or was superseded): the next one waiting for it
   * gets a job in its lane's queue (committed with the settlement). Resolves with that
   * queue, or undefined when none waits.
   */
  private async settled(manager: EntityManager, key: Pick<DeliveryKey, 'endpoint_id' | 'aggregate_id' | 'event_seq'>): Promise<string | undefined> {
    const next = await handOverSuccessor(manager, key);
    return next ? this.sendJob(manager, next) : undefined;
  }

  /**
   * Gives a new job to each delivery whose attempt outlived its lease (its worker was
   * killed, or lost the database before recording), in its lane's queue, and forgets
   * rotated-out secrets past their grace. Every worker instance runs it every
   * WEBHOOK_LEASE_CHECK_INTERVAL_MS.
   */
  async sweepLeases(): Promise<number> {
    if (!(await sweepIsDue(this.dataSource.manager))) return 0;
    const swept = await this.dataSource.transaction(async (manager) => {
      const cut = await handOverCutAttempts(manager, LEASE_SWEEP_BATCH);
      const queues = new Set<string>();
      for (const handover of cut) queues.add(await this.sendJob(manager, handover));
      await dropExpiredSecrets(manager);
      return { handed: cut.length, queues };
    });
    if (swept.handed > 0) {
      this.logger.warn(`${swept.handed} webhook attempt(s) cut by a stopped worker: retried`);
      for (const queue of swept.queues) this.queue.wake(queue);
    }
    return swept.handed;
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

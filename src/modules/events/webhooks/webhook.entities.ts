import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OutboxEvent } from '../outbox-event.entity';

@Entity('webhook_endpoint')
export class WebhookEndpoint {
  static readonly idPrefix = 'whe';

  @PrimaryColumn({ type: 'character varying' })
  id!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', array: true })
  events!: string[];

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** `whsec_<base64>`: shown once, at creation; never answered again. */
  @Column({ type: 'character varying', select: false })
  secret!: string;

  /** The secret a rotation replaced: deliveries are signed with it too until `previous_secret_expires_at`. */
  @Column({ type: 'character varying', nullable: true, select: false })
  previous_secret!: string | null;

  @Column({ type: 'timestamp with time zone', nullable: true, select: false })
  previous_secret_expires_at!: Date | null;

  @Column({ type: 'timestamp with time zone', nullable: true })
  disabled_at!: Date | null;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  updated_at!: Date;
}

/**
 * `superseded`: a `cart.updated` (or `cart.customer_updated`) that was still waiting behind
 * an earlier delivery of its cart when a newer one of the same cart came: only the newest is
 * sent (see WebhookRelay). Settled, as `succeeded` and `failed` are.
 */
export type WebhookDeliveryStatus = 'pending' | 'retrying' | 'succeeded' | 'failed' | 'superseded';

@Entity('webhook_delivery')
@Index('IDX_webhook_delivery_endpoint_event', ['endpoint_id', 'event_id'], { unique: true })
@Index('IDX_webhook_delivery_endpoint_created', ['endpoint_id', 'created_at'])
@Index('IDX_webhook_delivery_event', ['event_id'])
@Index('IDX_webhook_delivery_settled', ['updated_at'], { where: `"status" IN ('succeeded', 'failed', 'superseded')` })
@Index('IDX_webhook_delivery_open_by_aggregate', ['endpoint_id', 'aggregate_id', 'event_seq'], { where: `"status" IN ('pending', 'retrying')` })
@Index('IDX_webhook_delivery_leased', ['leased_until'], { where: `"leased_until" IS NOT NULL` })
export class WebhookDelivery {
  static readonly idPrefix = 'msg';

  /** The `webhook-id` header: the same on every attempt (receivers deduplicate on it). */
  @PrimaryColumn({ type: 'character varying' })
  id!: string;

  @Column({ type: 'character varying' })
  endpoint_id!: string;

  @ManyToOne(() => WebhookEndpoint, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id', foreignKeyConstraintName: 'FK_webhook_delivery_endpoint' })
  endpoint?: WebhookEndpoint;

  /** The event delivered (outbox_event): its payload is read from there, never copied per endpoint. */
  @Column({ type: 'character varying' })
  event_id!: string;

  @ManyToOne(() => OutboxEvent, { onDelete: 'NO ACTION' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'FK_webhook_delivery_event' })
  event?: OutboxEvent;

  @Column({ type: 'character varying' })
  event_name!: string;

  /** The resource the event is about (the payload's `id`): deliveries about one resource go out in event order. */
  @Column({ type: 'character varying', nullable: true, select: false })
  aggregate_id!: string | null;

  /** The event's place in the outbox (outbox_event.seq). */
  @Column({ type: 'bigint', nullable: true, select: false })
  event_seq!: string | null;

  /** The event's time: the body's `timestamp`, the same on every attempt (Standard Webhooks). */
  @Column({ type: 'timestamp with time zone', select: false })
  occurred_at!: Date;

  /** The one queue job that may attempt this delivery (null: rows from before, any of their jobs). */
  @Column({ type: 'uuid', nullable: true, select: false })
  job_id!: string | null;

  /** Set while an attempt is in flight; once past, the attempt is taken as cut (its worker died) and the delivery gets a new job. */
  @Column({ type: 'timestamp with time zone', nullable: true, select: false })
  leased_until!: Date | null;

  /** The `attempts` value at which a failure is final (a redelivery raises it; null: the settings' retry limit + 1). */
  @Column({ type: 'integer', nullable: true, select: false })
  attempt_limit!: number | null;

  /** `failed`: every retry spent (the dead-letter state); `POST .../redeliver` starts again. */
  @Column({ type: 'character varying', default: 'pending' })
  status!: WebhookDeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'integer', nullable: true })
  response_status!: number | null;

  @Column({ type: 'text', nullable: true })
  last_error!: string | null;

  @Column({ type: 'timestamp with time zone', nullable: true })
  delivered_at!: Date | null;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  updated_at!: Date;
}

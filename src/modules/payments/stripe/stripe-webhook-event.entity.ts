import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A Stripe webhook event this service accepted. The event id is the primary key: the
 * INSERT that records an event is also what decides that it is processed once, even when
 * Stripe sends it twice or two instances receive it at the same moment.
 */
@Entity('stripe_webhook_event')
export class StripeWebhookEvent {
  /** Stripe's event id (`evt_…`). */
  @PrimaryColumn({ type: 'varchar', primaryKeyConstraintName: 'PK_stripe_webhook_event' })
  id: string;

  @Column({ type: 'varchar' })
  type: string;

  @Index('IDX_stripe_webhook_event_received_at')
  @Column({ type: 'timestamptz', default: () => 'now()' })
  received_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  processed_at: Date | null;
}

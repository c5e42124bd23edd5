import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * One event, written in the transaction of the change it reports (see emitEvent): it exists
 * if and only if that change committed. The relay hands it to the queue once
 * (`dispatched_at` set in the same transaction as the delivery jobs).
 */
@Entity('outbox_event')
@Index('IDX_outbox_event_pending', ['lane', 'seq'], { where: 'dispatched_at IS NULL' })
@Index('IDX_outbox_event_dispatched_at', ['dispatched_at'], { where: 'dispatched_at IS NOT NULL' })
export class OutboxEvent {
  static readonly idPrefix = 'evt';

  @PrimaryColumn({ type: 'character varying' })
  id!: string;

  /** Insertion order (the relay hands events over in this order). */
  @Column({ type: 'bigint', insert: false, update: false })
  @Generated('increment')
  seq!: string;

  /** Medusa v1's event name, e.g. `order.placed`. */
  @Column({ type: 'character varying' })
  name!: string;

  /** Medusa v1's payload for that event (`{ id }` plus what Medusa adds). */
  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  /** 0: business, relayed first; 1: what anonymous cart writes cause (see EventLane). */
  @Column({ type: 'smallint', default: 0 })
  lane!: number;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'timestamp with time zone', nullable: true })
  dispatched_at!: Date | null;
}

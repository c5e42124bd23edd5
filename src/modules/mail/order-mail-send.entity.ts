import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One order mail (a confirmation, an order's gift-card codes) that was allowed to go out:
 * the ledger the per-order and per-recipient bounds are counted in (see
 * claimOrderMail). Rows older than a day are swept by later claims.
 */
@Entity('order_mail_send')
@Index('IDX_order_mail_send_recipient', ['recipient_key', 'sent_at'])
@Index('IDX_order_mail_send_order', ['order_id'])
@Index('IDX_order_mail_send_sent_at', ['sent_at'])
export class OrderMailSend {
  /** The mail's own key (event id and template): a retry of the same mail finds its row and goes again. */
  @PrimaryColumn({ type: 'character varying', primaryKeyConstraintName: 'PK_order_mail_send' })
  message_key!: string;

  /** SHA-256 of the lower-cased address: the ledger stores no address in the clear. */
  @Column({ type: 'character varying' })
  recipient_key!: string;

  @Column({ type: 'character varying' })
  order_id!: string;

  @Column({ type: 'timestamp with time zone', default: () => 'now()' })
  sent_at!: Date;
}

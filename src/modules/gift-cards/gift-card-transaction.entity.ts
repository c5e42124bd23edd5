import { BeforeInsert, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';
import { GiftCard } from './gift-card.entity';

/**
 * One use of a gift card to pay for an order: an append-only ledger row, so it has no
 * updated_at or deleted_at. For every card, value - balance = the sum of its transactions
 * (unless an admin edits the balance by hand).
 */
@Entity('gift_card_transaction')
export class GiftCardTransaction {
  static readonly idPrefix = 'gct';

  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @Index('IDX_gift_card_transaction_gift_card_id')
  @Column({ type: 'varchar' })
  gift_card_id: string;

  @ManyToOne(() => GiftCard)
  @JoinColumn({ name: 'gift_card_id', foreignKeyConstraintName: 'FK_gift_card_transaction_gift_card_id' })
  gift_card?: GiftCard;

  /** No foreign key yet: the order table belongs to the orders module, whose migration adds it. */
  @Index('IDX_gift_card_transaction_order_id')
  @Column({ type: 'varchar', nullable: true })
  order_id: string | null;

  /** The order this card was bought in (gift card) or drawn for (transaction). */
  @ManyToOne('Order')
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_gift_card_transaction_order_id' })
  order?: unknown;

  @Column({ type: 'int' })
  amount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'boolean', nullable: true })
  is_taxable: boolean | null;

  @Column({ type: 'real', nullable: true })
  tax_rate: number | null;

  @BeforeInsert()
  protected assignId(): void {
    if (!this.id) this.id = generateEntityId(GiftCardTransaction.idPrefix);
  }
}

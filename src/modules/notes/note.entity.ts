import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { User } from '../users/user.entity';

/** A staff note on any resource (the dashboard notes orders: `resource_type` "order"). */
@Entity('note')
export class Note extends SoftDeletableEntity {
  static readonly idPrefix = 'note';

  @Column({ type: 'varchar' })
  value: string;

  @Column({ type: 'varchar' })
  resource_type: string;

  @Index('IDX_note_resource_id')
  @Column({ type: 'varchar' })
  resource_id: string;

  @Column({ type: 'varchar', nullable: true })
  author_id: string | null;

  @ManyToOne('User')
  @JoinColumn({ name: 'author_id', foreignKeyConstraintName: 'FK_note_author_id' })
  author?: User | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

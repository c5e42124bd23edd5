import { Column, Entity, Index } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import type { UserRole } from '../users/user.entity';

/** Medusa v1's Invite; the token is kept as its digest only (never selected, never answered). */
@Entity('invite')
@Index('IDX_invite_user_email_unique', ['user_email'], { unique: true, where: '"deleted_at" IS NULL' })
export class Invite extends SoftDeletableEntity {
  static readonly idPrefix = 'invite';

  /** As sent (Medusa keeps the case; the user it creates is lower-cased). */
  @Column({ type: 'varchar' })
  user_email: string;

  @Column({ type: 'varchar', default: 'member' })
  role: UserRole;

  @Column({ type: 'boolean', default: false })
  accepted: boolean;

  @Index('IDX_invite_token_digest', { unique: true })
  @Column({ type: 'varchar', select: false })
  token_digest?: string;

  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

import { Column, Entity, Index } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';

export type UserRole = 'admin' | 'member' | 'developer';

@Entity('user')
@Index('IDX_user_email_unique', ['email'], { unique: true, where: 'deleted_at IS NULL' })
export class User extends SoftDeletableEntity {
  static readonly idPrefix = 'usr';

  @Column({ type: 'varchar' })
  email: string;

  @Column({ type: 'varchar', nullable: true })
  first_name: string | null;

  @Column({ type: 'varchar', nullable: true })
  last_name: string | null;

  @Column({ type: 'varchar', default: 'member' })
  role: UserRole;

  /** Never selected unless asked for; never serialized (stripped by the response interceptor). */
  @Column({ type: 'varchar', nullable: true, select: false })
  password_hash: string | null;

  @Index('IDX_user_api_token_unique', { unique: true, where: 'api_token IS NOT NULL AND deleted_at IS NULL' })
  @Column({ type: 'varchar', nullable: true, select: false })
  api_token: string | null;

  /** Raised by every password change; a JWT signed with an older version is refused. Never selected unless asked for. */
  @Column({ type: 'integer', default: 0, select: false })
  token_version?: number;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;
}

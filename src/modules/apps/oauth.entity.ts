import { BeforeInsert, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';

/** An installed OAuth application (Medusa's `Oauth` model: no timestamps). */
@Entity('oauth')
export class Oauth {
  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @Column({ type: 'varchar' })
  display_name: string;

  @Index('IDX_oauth_application_name_unique', { unique: true })
  @Column({ type: 'varchar' })
  application_name: string;

  @Column({ type: 'varchar', nullable: true })
  install_url: string | null;

  @Column({ type: 'varchar', nullable: true })
  uninstall_url: string | null;

  @Column({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null;

  @BeforeInsert()
  protected assignId(): void {
    if (!this.id) this.id = generateEntityId('oauth');
  }
}

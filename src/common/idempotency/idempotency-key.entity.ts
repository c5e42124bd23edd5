import { BeforeInsert, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { generateEntityId } from '../database/ids';

/**
 * One client retry token (`Idempotency-Key` header) and the response it produced.
 * A key is bound to the request that first used it (method + path, so one cart and
 * one route); replays return `response_code`/`response_body` verbatim. Rows are kept
 * at least 24 hours (see IdempotencyKeysService.pruneExpired).
 */
@Entity('idempotency_key')
@Index('IDX_idempotency_key_unique', ['idempotency_key'], { unique: true })
export class IdempotencyKey {
  static readonly idPrefix = 'ikey';

  @PrimaryColumn({ type: 'varchar' })
  id: string;

  @Column({ type: 'varchar' })
  idempotency_key: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @Column({ type: 'timestamptz', nullable: true })
  last_used_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  locked_at: Date | null;

  @Column({ type: 'varchar', nullable: true })
  request_method: string | null;

  @Column({ type: 'jsonb', nullable: true })
  request_params: Record<string, unknown> | null;

  @Column({ type: 'varchar', nullable: true })
  request_path: string | null;

  @Column({ type: 'int', nullable: true })
  response_code: number | null;

  /**
   * `json`, not `jsonb`: the text is kept as it was sent, so a replay answers the same
   * bytes (jsonb re-orders keys), and storing an 8 KB cart skips jsonb's conversion.
   */
  @Column({ type: 'json', nullable: true })
  response_body: Record<string, unknown> | null;

  @Column({ type: 'varchar', default: 'started' })
  recovery_point: string;

  @BeforeInsert()
  protected assignId(): void {
    if (!this.id) this.id = generateEntityId(IdempotencyKey.idPrefix);
  }
}

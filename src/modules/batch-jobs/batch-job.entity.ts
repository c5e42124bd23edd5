import { AfterInsert, AfterLoad, AfterUpdate, Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { SoftDeletableEntity } from '../../common/database/base.entity';
import { User } from '../users/user.entity';
import { BatchJobStatus, batchJobStatus } from './batch-job-status';

/** What a job reports back: Medusa's known keys plus whatever its strategy adds. */
export interface BatchJobResult {
  count?: number;
  advancement_count?: number;
  progress?: number;
  errors?: Array<{ message: string; code?: string; row?: number; column?: string } | string>;
  stat_descriptors?: Array<{ key: string; name: string; message: string }>;
  file_key?: string;
  file_size?: number;
  [key: string]: unknown;
}

/** The two phases a job is worked in, each in resumable slices (see BatchJobRunner). */
export type BatchJobPhase = 'pre_process' | 'process';

/**
 * Where the worker is: which phase, which slice (`step`, one queue job each) and how many
 * batches of that slice committed (`seq`), plus the strategy's own cursor. Written in the
 * same transaction as each batch, so a resumed or duplicated worker knows exactly what is done.
 */
export interface BatchJobCheckpoint {
  phase: BatchJobPhase;
  step: number;
  seq: number;
  cursor: unknown;
}

/**
 * A long-running admin task (import, export) worked in the background by the queue.
 * `status` is not a column: it is derived from the lifecycle timestamps after every load
 * and write, as Medusa v1 does.
 */
@Entity('batch_job')
@Index('IDX_batch_job_created_by_created_at', ['created_by', 'created_at'])
export class BatchJob extends SoftDeletableEntity {
  static readonly idPrefix = 'batch';

  @Column({ type: 'varchar' })
  type: string;

  @Column({ type: 'varchar', nullable: true })
  created_by: string | null;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'FK_batch_job_created_by' })
  created_by_user?: User | null;

  @Column({ type: 'jsonb', nullable: true })
  context: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  result: BatchJobResult | null;

  @Column({ type: 'boolean', default: false })
  dry_run: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  pre_processed_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  processing_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  confirmed_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completed_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceled_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  failed_at: Date | null;

  /** Worker bookkeeping; never selected by default, never part of a response. */
  @Column({ type: 'jsonb', nullable: true, select: false })
  checkpoint?: BatchJobCheckpoint | null;

  status: BatchJobStatus;

  @AfterLoad()
  @AfterInsert()
  @AfterUpdate()
  computeStatus(): void {
    this.status = batchJobStatus(this);
  }
}

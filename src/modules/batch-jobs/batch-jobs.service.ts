import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryDeepPartialEntity } from 'typeorm';
import { TransactionRunner } from '../../common/database/transaction.runner';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_BATCH_JOB_LIST } from './batch-job-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { BatchJob } from './batch-job.entity';
import { AdminGetBatchParams, AdminPostBatchesReq } from './dto/admin-batch-jobs.dto';
import { BatchJobRunner, phaseStart } from './runner/batch-job.runner';
import { BatchJobStrategyRegistry } from './strategy/batch-job-strategy.registry';

/**
 * The admin side of batch jobs: a user sees and steers only the jobs they created. The
 * work itself happens in BatchJobRunner, driven by queue messages this service enqueues in
 * the same transaction as the state change that calls for them.
 */
@Injectable()
export class BatchJobsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly strategies: BatchJobStrategyRegistry,
    private readonly runner: BatchJobRunner,
  ) {}

  /** The caller's jobs only (Medusa forces `created_by = me`). */
  list(userId: string, query: AdminGetBatchParams, config: FindConfig): Promise<[BatchJob[], number]> {
    return runList(this.dataSource.manager, ADMIN_BATCH_JOB_LIST, { ...query, created_by: userId }, config);
  }

  async retrieve(id: string, userId: string, config?: FindConfig): Promise<BatchJob> {
    const job = await this.dataSource.getRepository(BatchJob).findOne({
      where: { id },
      relations: toRelations(config?.relations ?? []) as never,
    });
    return this.assertOwned(job, id, userId);
  }

  /**
   * Validates the context through the type's strategy (unknown type: 404), stores the job
   * and queues its pre-processing in one transaction. Returned in status `created`.
   */
  async create(userId: string, input: AdminPostBatchesReq): Promise<BatchJob> {
    const strategy = this.strategies.get(input.type);
    const context = await strategy.prepare(input.context, { userId });
    const job = await this.transactions.run(async (manager) => {
      const repo = manager.getRepository(BatchJob);
      const saved = await repo.save(
        repo.create({ type: input.type, created_by: userId, context, dry_run: input.dry_run ?? false, result: null, checkpoint: phaseStart('pre_process') }),
      );
      await this.runner.enqueue(manager, { batch_job_id: saved.id, phase: 'pre_process', step: 0 });
      return repo.findOneByOrFail({ id: saved.id });
    });
    this.runner.wake();
    return job;
  }

  /** pre_processed -> confirmed, and queue the processing. Row-locked against a concurrent cancel. */
  async confirm(id: string, userId: string): Promise<BatchJob> {
    const job = await this.transactions.run(async (manager) => {
      const locked = await this.lockOwned(manager, id, userId);
      if (locked.status !== 'pre_processed') {
        throw ApiError.notAllowed('Cannot confirm processing for a batch job that is not pre processed');
      }
      await manager.getRepository(BatchJob).update(id, { confirmed_at: () => 'now()', checkpoint: phaseStart('process') } as QueryDeepPartialEntity<BatchJob>);
      await this.runner.enqueue(manager, { batch_job_id: id, phase: 'process', step: 0 });
      return manager.getRepository(BatchJob).findOneByOrFail({ id });
    });
    this.runner.wake();
    return job;
  }

  /**
   * Marks the job canceled; a worker on it stops at its next batch (that batch rolls back)
   * and cleans up. A completed or failed job cannot be canceled; canceling twice is a no-op.
   */
  async cancel(id: string, userId: string): Promise<BatchJob> {
    return this.transactions.run(async (manager) => {
      const locked = await this.lockOwned(manager, id, userId);
      if (locked.status === 'completed') throw ApiError.notAllowed('Cannot cancel completed batch job');
      if (locked.status === 'failed') throw ApiError.notAllowed('Cannot cancel failed batch job');
      if (locked.status !== 'canceled') {
        await manager.getRepository(BatchJob).update(id, { canceled_at: () => 'now()' });
      }
      return manager.getRepository(BatchJob).findOneByOrFail({ id });
    });
  }

  private async lockOwned(manager: EntityManager, id: string, userId: string): Promise<BatchJob> {
    const job = await manager.getRepository(BatchJob).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    return this.assertOwned(job, id, userId);
  }

  private assertOwned(job: BatchJob | null, id: string, userId: string): BatchJob {
    if (!job) throw ApiError.notFound(`Batch job with id ${id} was not found`);
    if (job.created_by !== userId) throw ApiError.notAllowed('Cannot access a batch job that does not belong to the logged in user');
    return job;
  }
}

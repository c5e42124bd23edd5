import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isRetryablePgError } from '../errors/pg-errors';

type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

/**
 * Opens a transaction and hands its EntityManager to the callback. Retries the whole unit
 * of work on serialization failures and deadlocks (40001 / 40P01), a bounded number of
 * times, because those are resolved by running again, not by the client. When given a
 * manager already inside a transaction it joins it, so services compose.
 */
@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger(TransactionRunner.name);

  constructor(private readonly dataSource: DataSource) {}

  async run<T>(
    work: (manager: EntityManager) => Promise<T>,
    options: { manager?: EntityManager; isolation?: IsolationLevel; retries?: number } = {},
  ): Promise<T> {
    if (options.manager?.queryRunner?.isTransactionActive) return work(options.manager);
    const retries = options.retries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        // PostgreSQL's default level is READ COMMITTED: naming it costs a SET TRANSACTION
        // round trip on every write, so it is only sent for the stricter levels.
        return await (options.isolation && options.isolation !== 'READ COMMITTED'
          ? this.dataSource.transaction(options.isolation, work)
          : this.dataSource.transaction(work));
      } catch (err) {
        if (attempt >= retries || !isRetryablePgError(err)) throw err;
        this.logger.warn(`transaction retry ${attempt + 1} after ${(err as { code?: string }).code ?? 'conflict'}`);
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
  }
}

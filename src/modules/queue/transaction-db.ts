import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

/**
 * Lets pg-boss write its job row through a TypeORM transaction, so a job is enqueued if
 * and only if the transaction that asked for it commits (no job for a rolled-back change,
 * no change without its job).
 */
export function transactionDb(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('transactionDb needs an EntityManager inside a transaction');
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await runner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}

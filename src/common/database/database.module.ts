import { Global, Module, OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { usePreparedStatements } from './prepared-statements';
import { TransactionRunner } from './transaction.runner';

@Global()
@Module({ providers: [TransactionRunner], exports: [TransactionRunner] })
export class CommonDatabaseModule implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    if (process.env.DB_PREPARED_STATEMENTS === 'false') return;
    usePreparedStatements((this.dataSource.driver as unknown as { master: Pool }).master);
  }
}

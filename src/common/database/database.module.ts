import { Global, Inject, Module, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { poolOf, usePreparedStatements } from './pg-internals';
import { TransactionRunner } from './transaction.runner';

@Global()
@Module({ providers: [TransactionRunner], exports: [TransactionRunner] })
export class CommonDatabaseModule implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.database.preparedStatements) usePreparedStatements(poolOf(this.dataSource));
  }
}

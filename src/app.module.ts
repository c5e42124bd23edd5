import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../ormconfig';
import { AdminModule } from './admin/admin.module';
import { CommonDatabaseModule } from './common/database/database.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ConnectionDrain } from './common/http/connection-drain';
import { loggerModuleParams } from './common/http/request-logging';
import { PgThrottlerStorage } from './common/throttling/pg-throttler.storage';
import { ExpandFieldsInterceptor } from './common/query/expand-fields.interceptor';
import { createValidationPipe } from './common/validation/validation';
import { ConfigModule } from './config/config.module';
import { APP_CONFIG, AppConfig, loadConfig } from './config/configuration';
import { AuthModule } from './modules/auth/auth.module';
import { loginThrottlers } from './modules/auth/login-throttle';
import { HealthModule } from './modules/health/health.module';
import { SeedModule } from './modules/seed/seed.module';
import { StoreSettingsModule } from './modules/store-settings/store-settings.module';
import { StoreModule } from './store/store.module';

@Module({
  imports: [
    ConfigModule,
    LoggerModule.forRootAsync({ useFactory: () => loggerModuleParams(loadConfig()) }),
    TypeOrmModule.forRootAsync({ useFactory: () => ({ ...buildDataSourceOptions(), migrationsRun: false }) }),
    // Counters in PostgreSQL: the limits hold across every instance behind the load balancer.
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, DataSource],
      useFactory: (config: AppConfig, dataSource: DataSource) => ({ ...loginThrottlers(config), storage: new PgThrottlerStorage(dataSource) }),
    }),
    CommonDatabaseModule,
    StoreSettingsModule,
    AuthModule,
    HealthModule,
    SeedModule,
    AdminModule,
    StoreModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_INTERCEPTOR, useClass: ExpandFieldsInterceptor },
    ConnectionDrain,
  ],
})
export class AppModule {}

import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AdminModule } from './admin/admin.module';
import { CommonDatabaseModule } from './common/database/database.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ConnectionDrain } from './common/http/connection-drain';
import { SessionStore } from './common/http/session-store';
import { loggerModuleParams } from './common/http/request-logging';
import { ExpandFieldsInterceptor } from './common/query/expand-fields.interceptor';
import { createValidationPipe } from './common/validation/validation';
import { ConfigModule } from './config/config.module';
import type { AppConfig } from './config/configuration';
import { buildDataSourceOptions } from './database/data-source-options';
import { AuthModule } from './modules/auth/auth.module';
import { EventsModule } from './modules/events/events.module';
import { HealthModule } from './modules/health/health.module';
import { MailModule } from './modules/mail/mail.module';
import { SeedModule } from './modules/seed/seed.module';
import { StoreSettingsModule } from './modules/store-settings/store-settings.module';
import { StoreModule } from './store/store.module';
import { StripeModule } from './modules/payments/stripe/stripe.module';

/** The application, built from the one configuration its entry point loaded. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (!config.database.url) throw new Error('AppModule.forRoot: config.database.url is not set (connectDatabase gives the embedded one)');
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerModuleParams(config)),
        TypeOrmModule.forRoot({ ...buildDataSourceOptions(config.database.url, config.database), migrationsRun: false }),
        CommonDatabaseModule,
        EventsModule,
        MailModule,
        StoreSettingsModule,
        AuthModule,
        HealthModule,
        SeedModule,
        AdminModule,
        StoreModule,
        StripeModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_INTERCEPTOR, useClass: ExpandFieldsInterceptor },
        ConnectionDrain,
        SessionStore,
      ],
    };
  }
}

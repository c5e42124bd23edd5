import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, loadConfig } from './configuration';

/** Provides the validated AppConfig under APP_CONFIG, read from the environment at boot. */
@Global()
@Module({ providers: [{ provide: APP_CONFIG, useFactory: () => loadConfig() }], exports: [APP_CONFIG] })
export class ConfigModule {}

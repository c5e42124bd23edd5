import 'reflect-metadata';
import type { INestApplicationContext, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap';
import { AppPrototypeExpressAdapter } from './common/http/app-prototype-express-adapter';
import { installLeanAsyncResourceBind } from './common/runtime/async-resource-bind';
import type { AppConfig } from './config/configuration';

/**
 * Nest's own logs (boot messages, one line per route, lifecycle errors):
 * - `quiet`: errors and warnings during boot, then everything through pino (the request logger);
 * - `verbose`: everything through pino from the start (LOG_LEVEL debug or trace);
 * - `silent`: nothing (the e2e tests, which assert on their own output).
 */
type BootLogs = 'quiet' | 'verbose' | 'silent';

export interface CreateAppOptions {
  /** The configuration the entry point loaded once (loadConfig), with the database URL it connected to. */
  config: AppConfig;
  logs?: BootLogs;
  /** `false`: an application context without HTTP, for the CLIs and worker processes. */
  http?: boolean;
}

const QUIET: LogLevel[] = ['error', 'warn'];

/**
 * The one place the application is put together: `npm start` (main.ts), the CLIs, the e2e
 * tests and the bench all get their app here, so they run the same runtime, adapter and
 * Express set-up. The HTTP app comes back initialised (modules started, routes mapped) and
 * not yet listening. Errors during boot are thrown to the caller, never `process.abort()`.
 */
export async function createApp(options: CreateAppOptions & { http?: true }): Promise<NestExpressApplication>;
export async function createApp(options: CreateAppOptions & { http: false }): Promise<INestApplicationContext>;
export async function createApp(options: CreateAppOptions): Promise<NestExpressApplication | INestApplicationContext> {
  const logs = options.logs ?? 'quiet';
  const logger = logs === 'silent' ? { logger: false as const } : logs === 'verbose' ? { bufferLogs: true } : { logger: QUIET };
  installLeanAsyncResourceBind();
  const config = options.config;
  const appModule = AppModule.forRoot(config);

  if (options.http === false) {
    const context = await NestFactory.createApplicationContext(appModule, { ...logger, abortOnError: false });
    if (logs === 'verbose') context.useLogger(context.get(Logger));
    return context;
  }

  // Nest's own body parsers are off: configureApp installs them, with BODY_LIMIT and the JSON shape check.
  const app = await NestFactory.create<NestExpressApplication>(appModule, new AppPrototypeExpressAdapter(), {
    ...logger,
    bodyParser: false,
    abortOnError: false,
  });
  try {
    if (logs === 'verbose') app.useLogger(app.get(Logger));
    configureApp(app, config);
    await app.init();
    if (logs === 'quiet') app.useLogger(app.get(Logger));
    return app;
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
}

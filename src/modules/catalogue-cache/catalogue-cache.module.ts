import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { CatalogueCacheInterceptor } from './catalogue-cache.interceptor';
import { CatalogueCacheService } from './catalogue-cache.service';
import { catalogueCacheMiddleware } from './catalogue-cache.middleware';

/**
 * The table-change notices and the catalogue response cache: import it into a module whose
 * controllers use @CachedCatalogueResponse or whose cache follows the notices. Nest keeps
 * one instance (one cache, one listener connection) however many modules import it.
 */
@Module({ providers: [CatalogueCacheService, CatalogueCacheInterceptor], exports: [CatalogueCacheService, CatalogueCacheInterceptor] })
export class CatalogueCacheModule implements NestModule {
  constructor(private readonly cache: CatalogueCacheService) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(catalogueCacheMiddleware(this.cache)).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

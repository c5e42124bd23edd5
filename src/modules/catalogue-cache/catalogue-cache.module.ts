import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TableChangesModule } from '../table-changes/table-changes.module';
import { CatalogueCacheInterceptor } from './catalogue-cache.interceptor';
import { catalogueCacheMiddleware } from './catalogue-cache.middleware';
import { CatalogueCacheService } from './catalogue-cache.service';

/**
 * The catalogue response cache: import it into a module whose controllers use
 * @CachedCatalogueResponse. Nest keeps one instance (one cache) however many modules
 * import it.
 */
@Module({
  imports: [TableChangesModule],
  providers: [CatalogueCacheService, CatalogueCacheInterceptor],
  exports: [CatalogueCacheService, CatalogueCacheInterceptor],
})
export class CatalogueCacheModule implements NestModule {
  constructor(private readonly cache: CatalogueCacheService) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(catalogueCacheMiddleware(this.cache)).forRoutes({ path: '{*path}', method: RequestMethod.GET });
  }
}

import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TableChangeNotices } from './table-change-notices';
import { writeFenceMiddleware } from './write-fence.middleware';

/**
 * The table-change notices and the write fence: import it into a module whose cache
 * follows the notices. Nest keeps one instance (one listener connection) however many
 * modules import it.
 */
@Module({ providers: [TableChangeNotices], exports: [TableChangeNotices] })
export class TableChangesModule implements NestModule {
  constructor(private readonly notices: TableChangeNotices) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(writeFenceMiddleware(this.notices)).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

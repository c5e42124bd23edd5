import { Module } from '@nestjs/common';
import { TableChangeNotices } from './table-change-notices';

/**
 * The table-change notices: import it into a module whose cache follows the notices. Nest
 * keeps one instance (one listener connection) however many modules import it. The write
 * fence (write-fence.middleware.ts) is installed by configureApp as plain Express
 * middleware: it runs on every request, and a Nest route middleware costs a path match per
 * request on top.
 */
@Module({ providers: [TableChangeNotices], exports: [TableChangeNotices] })
export class TableChangesModule {}

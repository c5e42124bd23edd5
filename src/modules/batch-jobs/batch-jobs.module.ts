import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { FilesModule } from '../files/files.module';
import { QueueModule } from '../queue/queue.module';
import { AdminBatchJobsController } from './admin-batch-jobs.controller';
import { BatchJobsService } from './batch-jobs.service';
import { BatchJobRunner } from './runner/batch-job.runner';
import { BatchJobStrategyRegistry } from './strategy/batch-job-strategy.registry';
import { OrderExportStrategy } from './strategies/order-export/order-export.strategy';
import { ProductExportStrategy } from './strategies/product-export/product-export.strategy';
import { ProductImportStrategy } from './strategies/product-import/product-import.strategy';

/**
 * /admin/batch-jobs plus the background runner. Strategies are found by their
 * @BatchJobType decorator, wherever they are provided. Brings the uploads API along
 * (imports use uploaded files, exports produce downloadable ones).
 */
@Module({
  imports: [DiscoveryModule, QueueModule, FilesModule],
  controllers: [AdminBatchJobsController],
  providers: [BatchJobsService, BatchJobRunner, BatchJobStrategyRegistry, ProductExportStrategy, ProductImportStrategy, OrderExportStrategy],
  exports: [BatchJobsService],
})
export class BatchJobsModule {}

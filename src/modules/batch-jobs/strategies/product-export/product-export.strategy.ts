import { Inject, Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { DataSource, EntityManager } from 'typeorm';
import { FILE_STORAGE, FileStorage } from '../../../files/file-storage';
import { BatchJob } from '../../batch-job.entity';
import { APP_CONFIG, AppConfig } from '../../../../config/configuration';
import type { BatchJobsConfig } from '../../batch-jobs.config';
import type { BatchJobRun } from '../../runner/batch-job-run';
import { BatchJobStrategy, BatchJobType, PhaseOutcome } from '../../strategy/batch-job-strategy';
import { validateContext } from '../../strategy/validate-context';
import { CsvExportCursor, exportCsvPages, removeExportFile } from '../csv-export/csv-export-pages';
import { ProductCsvShape, productCsvHeader } from '../product-csv/product-csv-columns';
import { ExportOrderColumn, filtersToJson, ProductExportContext, ProductListConfig } from './product-export.context';
import { computeShape, countProducts, loadProducts, nextProductPage } from './product-export.queries';
import { productLines } from './product-export.rows';
import type { StoredProductFilters } from './product-filter.sql';

/** Medusa's default relations of an admin product list, kept in list_config for clients that read it. */
const EXPORT_RELATIONS = [
  'variants',
  'variants.prices',
  'variants.options',
  'profiles',
  'images',
  'options',
  'options.values',
  'tags',
  'type',
  'collection',
  'variants.prices.region',
  'sales_channels',
];

interface StoredExportContext {
  filterable_fields: StoredProductFilters;
  list_config: ProductListConfig;
  batch_size?: number;
  shape?: ProductCsvShape;
}

/**
 * product-export: pre-processing counts the matching products and works out the dynamic
 * columns (`context.shape`) with aggregates; processing writes one line per variant, page
 * by page (see exportCsvPages). Memory holds one page at a time.
 */
@Injectable()
@BatchJobType('product-export')
export class ProductExportStrategy implements BatchJobStrategy {
  private readonly config: BatchJobsConfig;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.batchJobs;
  }

  async prepare(context: Record<string, unknown>): Promise<Record<string, unknown>> {
    const parsed = validateContext(ProductExportContext, context);
    const { limit: _limit, offset: _offset, order: _order, fields: _fields, expand: _expand, filterable_fields: _filters, ...rest } = context;
    const order = parsed.order ?? '-created_at';
    const column = order.replace(/^-/, '') as ExportOrderColumn;
    const listConfig: ProductListConfig = {
      skip: parsed.offset ?? 0,
      take: parsed.limit ?? this.config.exportPageSize,
      order: { [column]: order.startsWith('-') ? 'DESC' : 'ASC' },
      relations: EXPORT_RELATIONS,
    };
    return { ...rest, filterable_fields: filtersToJson(parsed.filterable_fields), list_config: listConfig };
  }

  async preProcess(run: BatchJobRun): Promise<PhaseOutcome> {
    const context = run.context as unknown as StoredExportContext;
    const manager = this.dataSource.manager;
    const total = await countProducts(manager, context.filterable_fields);
    const count = Math.max(0, Math.min(total - context.list_config.skip, context.batch_size ?? Infinity));
    const shape = await computeShape(manager, context.filterable_fields);
    await run.commit(null, {
      cursor: null,
      context: { shape },
      result: {
        count,
        advancement_count: 0,
        progress: 0,
        stat_descriptors: [
          { key: 'product-export-count', name: 'Product count to export', message: `There will be ${count} products exported by this action` },
        ],
      },
    });
    return 'done';
  }

  async process(run: BatchJobRun<CsvExportCursor>): Promise<PhaseOutcome> {
    const context = run.context as unknown as StoredExportContext;
    const shape = context.shape!;
    const [[column, direction]] = Object.entries(context.list_config.order) as Array<[ExportOrderColumn, 'ASC' | 'DESC']>;
    const manager = this.dataSource.manager;
    return exportCsvPages(run, this.files, {
      newFileKey: () => `exports/products/product-export-${Date.now()}-${ulid().toLowerCase()}.csv`,
      header: productCsvHeader(shape),
      take: context.list_config.take,
      skip: context.list_config.skip,
      cap: context.batch_size ?? Infinity,
      nextPage: (after, take, skip) => nextProductPage(manager, context.filterable_fields, { column, direction }, after, take, skip),
      render: async (ids) => (await loadProducts(manager, ids)).map((p) => productLines(p, shape)).join(''),
    });
  }

  async onCanceled(job: BatchJob, manager: EntityManager): Promise<void> {
    await removeExportFile(job, manager, this.files);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../../../common/errors/api-error';
import { FILE_STORAGE, FileStorage } from '../../../files/file-storage';
import { BatchJob } from '../../batch-job.entity';
import { APP_CONFIG, AppConfig } from '../../../../config/configuration';
import type { BatchJobsConfig } from '../../batch-jobs.config';
import type { BatchJobRun } from '../../runner/batch-job-run';
import { BatchJobStrategy, BatchJobType, PhaseOutcome } from '../../strategy/batch-job-strategy';
import { validateContext } from '../../strategy/validate-context';
import { CsvExportCursor, exportCsvPages, removeExportFile } from '../csv-export/csv-export-pages';
import { DEFAULT_ORDER_FIELDS, DEFAULT_ORDER_RELATIONS, orderCsvHeader, OrderColumns, orderLine } from './order-export.csv';
import { OrderExportContext } from './order-export.context';
import { countOrders, loadOrders, nextOrderPage } from './order-export.queries';
import type { StoredOrderFilters } from './order-filter.sql';

interface OrderListConfig extends OrderColumns {
  skip: number;
  take: number;
  order: { created_at: 'ASC' | 'DESC' };
}

interface StoredOrderExportContext {
  filterable_fields: StoredOrderFilters;
  list_config: OrderListConfig;
  batch_size?: number;
}

function pickList(raw: string | undefined, allowed: string[], name: string): string[] | undefined {
  if (raw === undefined) return undefined;
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = list.filter((f) => !allowed.includes(f));
  if (unknown.length) throw ApiError.invalid(`context.${name} has unknown entries: ${unknown.join(', ')}`);
  return list;
}

/**
 * order-export: the orders (with their frozen totals) in Medusa's order-export columns,
 * newest first, by the same resumable page loop as the product export. `fields` and
 * `expand` in the context choose the column groups, as Medusa's list config does.
 */
@Injectable()
@BatchJobType('order-export')
export class OrderExportStrategy implements BatchJobStrategy {
  private readonly config: BatchJobsConfig;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.batchJobs;
  }

  async prepare(context: Record<string, unknown>): Promise<Record<string, unknown>> {
    const parsed = validateContext(OrderExportContext, context);
    const { limit: _limit, offset: _offset, order: _order, fields: _fields, expand: _expand, filterable_fields: _filters, ...rest } = context;
    const listConfig: OrderListConfig = {
      select: pickList(parsed.fields, DEFAULT_ORDER_FIELDS, 'fields') ?? DEFAULT_ORDER_FIELDS,
      relations: pickList(parsed.expand, DEFAULT_ORDER_RELATIONS, 'expand') ?? DEFAULT_ORDER_RELATIONS,
      skip: parsed.offset ?? 0,
      take: parsed.limit ?? this.config.exportPageSize,
      order: { created_at: parsed.order === 'created_at' ? 'ASC' : 'DESC' },
    };
    return { ...rest, filterable_fields: JSON.parse(JSON.stringify(parsed.filterable_fields ?? {})), list_config: listConfig };
  }

  async preProcess(run: BatchJobRun): Promise<PhaseOutcome> {
    const context = run.context as unknown as StoredOrderExportContext;
    const total = await countOrders(this.dataSource.manager, context.filterable_fields);
    const count = Math.max(0, Math.min(total - context.list_config.skip, context.batch_size ?? Infinity));
    await run.commit(null, {
      cursor: null,
      result: {
        count,
        advancement_count: 0,
        progress: 0,
        stat_descriptors: [{ key: 'order-export-count', name: 'Order count to export', message: `There will be ${count} orders exported by this action` }],
      },
    });
    return 'done';
  }

  async process(run: BatchJobRun<CsvExportCursor>): Promise<PhaseOutcome> {
    const context = run.context as unknown as StoredOrderExportContext;
    const config = context.list_config;
    const manager = this.dataSource.manager;
    return exportCsvPages(run, this.files, {
      newFileKey: () => `exports/orders/order-export-${Date.now()}-${ulid().toLowerCase()}.csv`,
      header: orderCsvHeader(config),
      take: config.take,
      skip: config.skip,
      cap: context.batch_size ?? Infinity,
      nextPage: (after, take, skip) => nextOrderPage(manager, context.filterable_fields, config.order.created_at, after, take, skip),
      render: async (ids) => (await loadOrders(manager, ids)).map((o) => orderLine(o, config)).join(''),
    });
  }

  async onCanceled(job: BatchJob, manager: EntityManager): Promise<void> {
    await removeExportFile(job, manager, this.files);
  }
}

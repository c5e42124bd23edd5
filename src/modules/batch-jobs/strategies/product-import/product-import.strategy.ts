import { Inject, Injectable } from '@nestjs/common';
import { monotonicFactory } from 'ulid';
import { DataSource } from 'typeorm';
import { ApiError } from '../../../../common/errors/api-error';
import { FILE_STORAGE, FileStorage } from '../../../files/file-storage';
import type { BatchJobResult } from '../../batch-job.entity';
import { APP_CONFIG, AppConfig } from '../../../../config/configuration';
import type { BatchJobsConfig } from '../../batch-jobs.config';
import type { BatchJobRun } from '../../runner/batch-job-run';
import { BatchJobError, BatchJobFailure } from '../../strategy/batch-job-errors';
import { BatchJobStrategy, BatchJobType, PhaseOutcome } from '../../strategy/batch-job-strategy';
import { validateContext } from '../../strategy/validate-context';
import { CatalogWriter } from './catalog-writer';
import { CsvFileError, CsvSource } from './csv-source';
import { readBatches, ReadPosition } from './import-batches';
import { buildLayout, ImportLayout } from './import-layout';
import { emptyStats, ImportStats, planBatch } from './import-plan';
import { ImportRefs, loadImportRefs } from './import-refs';
import { ProductImportContext } from './product-import.context';
import type { RowError } from './row-parser';

/** Row errors kept in result.errors (the total is always reported). */
const MAX_REPORTED_ERRORS = 100;

interface PreProcessCursor {
  at: ReadPosition;
  stats: ImportStats;
  errors: RowError[];
  error_count: number;
}

interface ProcessCursor {
  at: ReadPosition;
  done: boolean;
}

interface OpenedFile {
  source: CsvSource;
  delimiter: string;
  layout: ImportLayout;
  refs: ImportRefs;
  start: ReadPosition;
}

function rowError(e: RowError): BatchJobError {
  const where = `Row ${e.row} (line ${e.line})${e.column ? `, column "${e.column}"` : ''}`;
  return { message: `${where}: ${e.message}`, code: 'invalid_data', row: e.row, ...(e.column ? { column: e.column } : {}) };
}

function invalidFile(message: string): BatchJobFailure {
  return new BatchJobFailure([{ message, code: 'invalid_data' }]);
}

/** `result.operations` as Medusa writes it: the count of each operation type, under its OperationType name. */
function medusaOperations(stats: ImportStats): Record<'PRODUCT_CREATE' | 'VARIANT_CREATE' | 'PRODUCT_UPDATE' | 'VARIANT_UPDATE', number> {
  return {
    PRODUCT_CREATE: stats.product_create,
    VARIANT_CREATE: stats.variant_create,
    PRODUCT_UPDATE: stats.product_update,
    VARIANT_UPDATE: stats.variant_update,
  };
}

function statDescriptors(stats: ImportStats): BatchJobResult['stat_descriptors'] {
  return [
    {
      key: 'product-import-count',
      name: 'Products/variants to import',
      message:
        `There will be ${stats.product_create} products created (${stats.product_update} updated). ` +
        `${stats.variant_create} variants will be created and ${stats.variant_update} updated`,
    },
  ];
}

/**
 * product-import: `context.fileKey` names an uploaded CSV in the product-export layout.
 * Pre-processing streams the whole file, validates every row and plans what would happen
 * (nothing is written), reporting counts in result.stat_descriptors and row errors in
 * result.errors (any error fails the job: nothing is imported). Processing streams the file
 * again and applies it in batches of whole products, each batch in one transaction with
 * its cursor, so a resumed import continues exactly after the last committed batch.
 */
@Injectable()
@BatchJobType('product-import')
export class ProductImportStrategy implements BatchJobStrategy {
  private readonly config: BatchJobsConfig;
  private readonly ulid = monotonicFactory();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.batchJobs;
  }

  async prepare(context: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { fileKey } = validateContext(ProductImportContext, context);
    if (!(await this.files.stat(fileKey))) throw ApiError.notFound(`File with key ${fileKey} was not found`);
    return context;
  }

  async preProcess(run: BatchJobRun<PreProcessCursor>): Promise<PhaseOutcome> {
    const file = await this.open(run);
    let cursor: PreProcessCursor = run.cursor ?? { at: file.start, stats: emptyStats(), errors: [], error_count: 0 };
    const batches = this.batches(file, cursor.at);
    for await (const batch of batches) {
      const plan = await planBatch(this.dataSource.manager, batch.groups, this.newId);
      const errors = [...batch.errors, ...plan.errors].sort((a, b) => a.row - b.row);
      const stats = { ...cursor.stats };
      for (const key of Object.keys(stats) as Array<keyof ImportStats>) stats[key] += plan.stats[key];
      cursor = {
        at: batch.end,
        stats,
        errors: [...cursor.errors, ...errors].slice(0, MAX_REPORTED_ERRORS),
        error_count: cursor.error_count + errors.length,
      };
      if (batch.last) break;
      await run.commit(null, { cursor, result: { count: cursor.at.row, advancement_count: 0 } });
      if (run.shouldYield()) return 'yield';
    }
    if (cursor.error_count > 0) {
      throw new BatchJobFailure([
        { message: `The csv file has ${cursor.error_count} invalid row(s); nothing was imported`, code: 'invalid_data' },
        ...cursor.errors.map(rowError),
      ]);
    }
    await run.commit(null, {
      cursor,
      result: {
        count: cursor.at.row,
        advancement_count: 0,
        progress: 0,
        operations: medusaOperations(cursor.stats),
        stat_descriptors: statDescriptors(cursor.stats),
      },
    });
    return 'done';
  }

  async process(run: BatchJobRun<ProcessCursor>): Promise<PhaseOutcome> {
    if (run.cursor?.done) return 'done';
    const file = await this.open(run);
    const total = run.result.count ?? 0;
    for await (const batch of this.batches(file, run.cursor?.at ?? file.start)) {
      if (batch.errors.length) throw new BatchJobFailure(batch.errors.map(rowError));
      const next: ProcessCursor = { at: batch.end, done: batch.last };
      await run.commit(
        async (manager) => {
          const plan = await planBatch(manager, batch.groups, this.newId);
          if (plan.errors.length) throw new BatchJobFailure(plan.errors.map(rowError));
          await new CatalogWriter(manager, file.refs, this.newId).apply(plan.products);
          // Like Medusa, the uploaded file goes once everything is imported.
          if (batch.last) await this.files.delete(this.fileKey(run), manager);
        },
        { cursor: next, result: { advancement_count: batch.end.row, progress: total ? batch.end.row / total : 1 } },
      );
      if (batch.last) return 'done';
      if (run.shouldYield()) return 'yield';
    }
    return 'done';
  }

  private readonly newId = (prefix: string) => `${prefix}_${this.ulid()}`;

  private fileKey(run: BatchJobRun): string {
    return run.context.fileKey as string;
  }

  /** Reads the header, checks the layout and the reference data: any problem fails the job. */
  private async open(run: BatchJobRun): Promise<OpenedFile> {
    const key = this.fileKey(run);
    if (!(await this.files.stat(key))) throw invalidFile(`The file ${key} to import does not exist (any more)`);
    const source = new CsvSource(this.files, key);
    try {
      const header = await source.header();
      const layout = buildLayout(header.cells);
      if ('error' in layout) throw invalidFile(`The csv file parsing failed due to: ${layout.error}`);
      const refs = await loadImportRefs(this.dataSource.manager, layout);
      if ('error' in refs) throw invalidFile(refs.error);
      return { source, delimiter: header.delimiter, layout, refs, start: { byte: header.dataStart, line: 1, row: 0 } };
    } catch (err) {
      if (err instanceof CsvFileError) throw invalidFile(err.message);
      throw err;
    }
  }

  private async *batches(file: OpenedFile, from: ReadPosition) {
    try {
      yield* readBatches(file.source, file.layout, file.delimiter, from, this.config.importBatchRows);
    } catch (err) {
      if (err instanceof CsvFileError) throw invalidFile(err.message);
      throw err;
    }
  }
}

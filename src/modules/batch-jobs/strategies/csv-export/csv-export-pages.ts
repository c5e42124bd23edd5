import type { EntityManager } from 'typeorm';
import type { FileStorage } from '../../../files/file-storage';
import type { BatchJob } from '../../batch-job.entity';
import { removeResultFile } from '../../batch-jobs.repository';
import { csvLine } from '../../csv/medusa-csv';
import type { BatchJobRun } from '../../runner/batch-job-run';
import type { PhaseOutcome } from '../../strategy/batch-job-strategy';

/** Position after the last exported row, in the export's order (timestamps at full precision). */
export interface PageKey {
  value: string;
  id: string;
}

export interface CsvExportCursor {
  after: PageKey | null;
  exported: number;
  file_key: string;
  file_size: number;
}

export interface CsvExportSpec {
  /** Key of the file to create (called once, at the first page). */
  newFileKey: () => string;
  header: string[];
  /** Rows per page (one transaction each). */
  take: number;
  /** Rows to skip at the start. */
  skip: number;
  /** Most rows to export. */
  cap: number;
  /** The ids of the next page after `after` (keyset), `skip` applying to the first page only. */
  nextPage(after: PageKey | null, take: number, skip: number): Promise<PageKey[]>;
  /** The CSV text of these records, in this order. */
  render(ids: string[]): Promise<string>;
}

/**
 * The processing loop every CSV export shares: page by page, the page's lines are
 * appended to the export file in the same transaction as the cursor and the progress
 * (file_key, file_size, count, advancement_count, progress), so a resumed export neither
 * duplicates nor loses lines. Holds one page in memory.
 */
export async function exportCsvPages(run: BatchJobRun<CsvExportCursor>, files: FileStorage, spec: CsvExportSpec): Promise<PhaseOutcome> {
  let cursor: CsvExportCursor = run.cursor ?? { after: null, exported: 0, file_key: spec.newFileKey(), file_size: 0 };
  for (let first = run.cursor === null; ; first = false) {
    const take = Math.min(spec.take, spec.cap - cursor.exported);
    const page = take > 0 ? await spec.nextPage(cursor.after, take, spec.skip) : [];
    if (page.length === 0 && !first) return 'done';
    const text = (first ? csvLine(spec.header) : '') + (page.length ? await spec.render(page.map((p) => p.id)) : '');
    const bytes = Buffer.from(text, 'utf8');
    const next: CsvExportCursor = {
      after: page.length ? page[page.length - 1] : cursor.after,
      exported: cursor.exported + page.length,
      file_key: cursor.file_key,
      file_size: cursor.file_size + bytes.length,
    };
    const count = Math.max(run.result.count ?? 0, next.exported);
    const fileName = next.file_key.split('/').pop();
    await run.commit(
      async (manager) => {
        await files.append(next.file_key, bytes, { manager, contentType: 'text/csv', originalName: fileName });
      },
      {
        cursor: next,
        result: { file_key: next.file_key, file_size: next.file_size, count, advancement_count: next.exported, progress: count ? next.exported / count : 1 },
      },
    );
    cursor = next;
    if (page.length < take || take <= 0) return 'done';
    if (run.shouldYield()) return 'yield';
  }
}

/** A canceled export leaves no file behind and no file in its result (as in Medusa). */
export async function removeExportFile(job: BatchJob, manager: EntityManager, files: FileStorage): Promise<void> {
  const key = job.result?.file_key;
  if (key) await files.delete(key, manager);
  await removeResultFile(manager, job.id);
}

/**
 * Keyset page query helper: `(column, id)` strictly after `after` in `direction`, with
 * the sort value read back at full precision so the next page starts exactly after it.
 */
export async function keysetPage(
  manager: EntityManager,
  sql: { from: string; where: string; params: unknown[]; column: string; timestamp: boolean; direction: 'ASC' | 'DESC' },
  after: PageKey | null,
  take: number,
  skip: number,
): Promise<PageKey[]> {
  const params = [...sql.params];
  const where = [sql.where];
  const cast = sql.timestamp ? '::timestamptz' : '';
  const alias = sql.from.split(' ').pop();
  if (after) {
    params.push(after.value, after.id);
    where.push(`(${sql.column}, ${alias}.id) ${sql.direction === 'DESC' ? '<' : '>'} ($${params.length - 1}${cast}, $${params.length})`);
  }
  params.push(take, after ? 0 : skip);
  return manager.query(
    `SELECT ${alias}.id, to_json(${sql.column}) #>> '{}' AS value FROM ${sql.from} WHERE ${where.join(' AND ')}
      ORDER BY ${sql.column} ${sql.direction}, ${alias}.id ${sql.direction} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

import type { CsvSource } from './csv-source';
import type { ImportLayout } from './import-layout';
import { ParsedRow, parseRow, RowError } from './row-parser';

/** Where reading resumes: a record boundary, with the counts of what lies before it. */
export interface ReadPosition {
  byte: number;
  line: number;
  /** Data rows before this position. */
  row: number;
}

/** Consecutive rows of one product (same Product Id, or same handle when there is no id). */
export interface ProductGroup {
  key: string;
  rows: ParsedRow[];
}

export interface ImportBatch {
  groups: ProductGroup[];
  errors: RowError[];
  rows: number;
  /** Position just after the batch's last row. */
  end: ReadPosition;
  /** True for the last batch of the file. */
  last: boolean;
}

function groupKey(row: ParsedRow): string {
  const id = row.product.id;
  return typeof id === 'string' && id !== '' ? `id:${id}` : `handle:${row.product.handle}`;
}

/**
 * Reads the file from `from` in batches of at least `batchRows` rows, never splitting a
 * product's consecutive rows, so one batch (one transaction) holds whole products. Each
 * batch carries the position to resume from once it is committed.
 */
export async function* readBatches(
  source: CsvSource,
  layout: ImportLayout,
  delimiter: string,
  from: ReadPosition,
  batchRows: number,
): AsyncGenerator<ImportBatch> {
  let batch: ImportBatch = { groups: [], errors: [], rows: 0, end: from, last: false };
  let current: ProductGroup | undefined;
  let position = from;
  for await (const record of source.records(delimiter, from.byte, from.line, from.row)) {
    const rowNumber = position.row + 1;
    const parsed = parseRow(record.cells, layout, rowNumber, record.line);
    const key = 'row' in parsed ? groupKey(parsed.row) : undefined;
    if (key !== undefined && key !== current?.key && batch.rows >= batchRows) {
      batch.end = position;
      yield batch;
      batch = { groups: [], errors: [], rows: 0, end: position, last: false };
      current = undefined;
    }
    if ('row' in parsed) {
      if (key !== current?.key) {
        current = { key: key!, rows: [] };
        batch.groups.push(current);
      }
      current!.rows.push(parsed.row);
    } else {
      batch.errors.push(...parsed.errors);
    }
    batch.rows += 1;
    position = { byte: record.end, line: record.line, row: rowNumber };
  }
  batch.end = position;
  batch.last = true;
  yield batch;
}

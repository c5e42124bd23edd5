import { parse, CsvError, Info } from 'csv-parse';
import { pipeline, Readable } from 'stream';
import type { FileStorage } from '../../../files/file-storage';
import { restoreText } from '../../csv/medusa-csv';

/** A CSV problem that makes the whole file unusable (Medusa: "The csv file parsing failed due to: ..."). */
export class CsvFileError extends Error {
  constructor(reason: string) {
    super(`The csv file parsing failed due to: ${reason}`);
    this.name = 'CsvFileError';
  }
}

export interface CsvHeader {
  cells: string[];
  delimiter: string;
  /** Byte offset of the first data row. */
  dataStart: number;
}

export interface CsvRecord {
  cells: string[];
  /** Line number (1-based) in the file where this record ends. */
  line: number;
  /** Byte offset just after this record: where reading resumes. */
  end: number;
}

/** `;` (Medusa's exports) unless the header line has more `,` or tabs. */
export function detectDelimiter(firstLine: string): string {
  const counts: Array<[string, number]> = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ';';
}

function parserFor(delimiter: string, options: { to?: number } = {}) {
  return parse({ delimiter, bom: true, relax_quotes: true, skip_empty_lines: true, info: true, relax_column_count: true, ...options });
}

function errorMessage(err: unknown): string {
  if (err instanceof CsvError) return err.message;
  return (err as Error)?.message ?? String(err);
}

/**
 * Reads a CSV file from the FileStorage record by record from any byte offset, so an
 * import can stop after a batch and resume exactly after the last record it committed,
 * on any instance, holding one record (and one storage chunk) in memory at a time.
 */
export class CsvSource {
  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {}

  async header(): Promise<CsvHeader> {
    const first = await this.firstLine();
    const delimiter = detectDelimiter(first);
    // Only the first record: a broken row further down is reported by the row reader, with its row.
    for await (const record of this.records(delimiter, 0, 0, 0, 1)) {
      return { cells: record.cells.map((c) => c.trim()), delimiter, dataStart: record.end };
    }
    throw new CsvFileError('the file is empty');
  }

  /**
   * Records starting at byte `start` (which must be a record boundary); `lineBase` and
   * `rowBase` are the lines and data rows before it, so errors name the file's own line and row.
   */
  async *records(delimiter: string, start: number, lineBase: number, rowBase = 0, limit?: number): AsyncGenerator<CsvRecord> {
    const source = await this.storage.read(this.key, { start });
    const parser = parserFor(delimiter, limit ? { to: limit } : {});
    pipeline(source, parser, () => undefined);
    try {
      for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
        // The export neutralised formula-like text (csvCell): read back what it was given.
        yield { cells: item.record.map(restoreText), line: lineBase + item.info.lines, end: start + item.info.bytes };
      }
    } catch (err) {
      if (err instanceof CsvFileError) throw err;
      // csv-parse counts lines from where this read started: report them from the file's start.
      const message = errorMessage(err).replace(/\bline (\d+)/g, (_m, n: string) => `line ${lineBase + Number(n)}`);
      // The parser reports how many records it had produced before the broken one.
      const parsedBefore = (err as { records?: number }).records;
      throw new CsvFileError(typeof parsedBefore === 'number' ? `${message} (row ${rowBase + parsedBefore + 1})` : message);
    } finally {
      parser.destroy();
      source.destroy();
    }
  }

  private async firstLine(): Promise<string> {
    const source: Readable = await this.storage.read(this.key);
    let text = '';
    try {
      for await (const chunk of source) {
        text += (chunk as Buffer).toString('utf8');
        const end = text.indexOf('\n');
        if (end >= 0) return text.slice(0, end);
        if (text.length > 1_000_000) break;
      }
    } finally {
      source.destroy();
    }
    return text;
  }
}

import type { Client, ClientBase } from 'pg';
import { quote, type ImportKind, type QueryFn, type Row } from './import-kind';
import { notCarriedOver, type NotCarried } from './out-of-scope';
import { SourceSchema } from './source-schema';

export interface KindReport {
  name: string;
  read: number;
  written: number;
  skipped: number;
  failed: number;
  /** Why rows were skipped, e.g. "price list prices". */
  skipReason?: string;
}

export interface RowFailure {
  kind: string;
  id: string;
  reason: string;
}

export interface ImportReport {
  source: { lastMigration: string | null; migrations: number };
  kinds: KindReport[];
  failures: RowFailure[];
  notCarried: NotCarried[];
  dryRun: boolean;
  /** True when the target transaction was committed (not a dry run, no failure). */
  committed: boolean;
  seconds: number;
}

export interface ImportOptions {
  dryRun: boolean;
  batchSize?: number;
  /** Progress and summary lines, as they happen. */
  log?: (line: string) => void;
  /** Steps run after every kind, in the same transaction (stored order totals). */
  finish?: Array<(query: QueryFn, log: (line: string) => void) => Promise<void>>;
}

const PROGRESS_EVERY_MS = 2000;

/**
 * Copies the kinds, in order, from a Medusa v1 database into this service's database in
 * one transaction: each kind is paged over its key (keyset pagination, so memory stays flat
 * however large the shop) and upserted by id in batches. A batch the database refuses is
 * retried row by row under savepoints to name each refused row and its reason; any refused
 * row, or a dry run, rolls the whole run back.
 */
export class MedusaImport {
  private readonly failures: RowFailure[] = [];
  private readonly deferred = new Map<ImportKind, Row[]>();
  private readonly log: (line: string) => void;
  private readonly batchSize: number;

  constructor(
    private readonly source: Client,
    private readonly target: ClientBase,
    private readonly options: ImportOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    this.batchSize = options.batchSize ?? 1000;
  }

  async run(kinds: ImportKind[]): Promise<ImportReport> {
    const started = Date.now();
    const schema = await SourceSchema.read(this.source);
    this.log(`source: Medusa v1 database, ${schema.migrationCount} migrations, last ${schema.lastMigration ?? 'none'}`);
    const reports: KindReport[] = [];
    await this.target.query('BEGIN');
    let committed = false;
    try {
      for (const kind of kinds) {
        const missing = await this.missingTargetColumns(kind);
        if (missing) {
          if (!kind.targetOptional) throw new Error(`this service's database has no ${missing}`);
          this.log(`${kind.name}: not carried over (this service has no ${missing})`);
          continue;
        }
        if (!schema.hasTable(kind.source)) {
          if (!kind.optional) throw new Error(`the source has no ${kind.source} table`);
          this.log(`${kind.name}: none (the source has no ${kind.source} table)`);
          continue;
        }
        const report = await this.copyKind(kind, schema);
        reports.push(report);
        this.log(describeKind(report));
      }
      for (const [kind, rows] of this.deferred) await this.writeDeferred(kind, rows);
      for (const step of this.options.finish ?? []) await step(this.query, this.log);
      if (this.failures.length || this.options.dryRun) {
        await this.target.query('ROLLBACK');
      } else {
        await this.target.query('COMMIT');
        committed = true;
      }
    } catch (err) {
      await this.target.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    return {
      source: { lastMigration: schema.lastMigration, migrations: schema.migrationCount },
      kinds: reports,
      failures: this.failures,
      notCarried: await notCarriedOver(this.source, schema, new Set(kinds.filter((k) => reports.some((r) => r.name === k.name)).map((k) => k.source))),
      dryRun: this.options.dryRun,
      committed,
      seconds: (Date.now() - started) / 1000,
    };
  }

  /** "table x" or "column x.y" when the target lacks what the kind writes, else null. */
  private async missingTargetColumns(kind: ImportKind): Promise<string | null> {
    const rows = await this.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`, [
      kind.target,
    ]);
    if (!rows.length) return `${kind.target} table`;
    const present = new Set(rows.map((r) => r.column_name));
    const absent = kind.columns.find((c) => !present.has(c));
    return absent ? `column ${kind.target}.${absent}` : null;
  }

  private readonly query: QueryFn = async (sql, params) => (await this.target.query(sql, params as unknown[])).rows as Row[];

  private async copyKind(given: ImportKind, schema: SourceSchema): Promise<KindReport> {
    // A column older Medusa versions (or a feature flag left off) never created is not
    // written at all, so this service's default applies to new rows and existing rows keep theirs.
    const kind = { ...given, columns: given.columns.filter((c) => given.expressions?.[c] !== undefined || schema.hasColumn(given.source, c)) };
    const report: KindReport = { name: kind.name, read: 0, written: 0, skipped: 0, failed: 0 };
    const joins = kind.joins?.(schema) ?? '';
    const skipSql = kind.skip ? (typeof kind.skip.where === 'function' ? kind.skip.where(schema) : kind.skip.where) : null;
    // A NULL (an outer join's missing row) counts as "not skipped", so no row falls between the two queries.
    const skipWhere = skipSql ? `COALESCE((${skipSql}), false)` : null;
    if (skipWhere) {
      const { rows } = await this.source.query(`SELECT count(*)::int AS n FROM ${quote(kind.source)} s ${joins} WHERE ${skipWhere}`);
      report.skipped = rows[0].n;
      report.skipReason = kind.skip!.reason;
      report.read += report.skipped;
    }
    const select = kind.columns
      .map((c) => {
        const e = kind.expressions?.[c];
        const sql = e === undefined ? `s.${quote(c)}` : typeof e === 'function' ? e(schema) : e;
        return `${sql} AS ${quote(c)}`;
      })
      .concat((kind.pageBy ?? []).map((sql, i) => `${sql} AS ${quote(pageColumn(i))}`))
      .join(', ');
    const pageSql = kind.pageBy ?? kind.key.map((k) => `s.${quote(k)}`);
    const pageNames = kind.pageBy ? kind.pageBy.map((_, i) => pageColumn(i)) : kind.key;
    const keyList = pageSql.join(', ');
    const scope = skipWhere ? `NOT (${skipWhere})` : 'TRUE';
    let last: unknown[] | null = null;
    let lastProgress = Date.now();
    for (;;) {
      const after: string = last ? `(${keyList}) > (${pageNames.map((_, i) => `$${i + 1}`).join(', ')})` : 'TRUE';
      const { rows }: { rows: Row[] } = await this.source.query(
        `SELECT ${select} FROM ${quote(kind.source)} s ${joins} WHERE ${scope} AND ${after} ORDER BY ${keyList} LIMIT ${this.batchSize}`,
        last ?? [],
      );
      if (!rows.length) break;
      last = pageNames.map((k) => rows[rows.length - 1][k]);
      report.read += rows.length;
      const good: Row[] = [];
      for (const row of rows) {
        const reason = kind.check?.(row);
        if (reason) this.fail(kind, row, reason, report);
        else good.push(row);
      }
      report.written += await this.writeBatch(kind, good, report);
      if (Date.now() - lastProgress > PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        this.log(`  ${kind.name}: ${report.read} read so far`);
      }
      if (rows.length < this.batchSize) break;
    }
    return report;
  }

  private fail(kind: ImportKind, row: Row, reason: string, report: KindReport): void {
    report.failed += 1;
    this.failures.push({ kind: kind.name, id: kind.key.map((k) => String(row[k])).join(' / '), reason });
  }

  /** Writes a batch; when the database refuses it, finds the refused rows one by one. */
  private async writeBatch(kind: ImportKind, rows: Row[], report: KindReport): Promise<number> {
    if (!rows.length) return 0;
    const deferred = kind.deferred ?? [];
    if (deferred.length) {
      const pending = this.deferred.get(kind) ?? [];
      for (const row of rows) {
        if (deferred.some((c) => row[c] !== null && row[c] !== undefined)) {
          pending.push(Object.fromEntries([...kind.key, ...deferred].map((c) => [c, row[c]])));
        }
      }
      this.deferred.set(kind, pending);
    }
    const write = (batch: Row[]) => (kind.write ? kind.write(batch, this.query) : this.upsert(kind, batch));
    await this.target.query('SAVEPOINT import_batch');
    try {
      await write(rows);
      await this.target.query('RELEASE SAVEPOINT import_batch');
      kind.written?.(rows);
      return rows.length;
    } catch {
      await this.target.query('ROLLBACK TO SAVEPOINT import_batch');
      await this.target.query('RELEASE SAVEPOINT import_batch');
    }
    let written = 0;
    for (const row of rows) {
      await this.target.query('SAVEPOINT import_row');
      try {
        await write([row]);
        await this.target.query('RELEASE SAVEPOINT import_row');
        kind.written?.([row]);
        written += 1;
      } catch (err) {
        await this.target.query('ROLLBACK TO SAVEPOINT import_row');
        await this.target.query('RELEASE SAVEPOINT import_row');
        this.fail(kind, row, describeError(err), report);
      }
    }
    return written;
  }

  private async upsert(kind: ImportKind, rows: Row[]): Promise<void> {
    const deferred = new Set(kind.deferred ?? []);
    const columns = kind.columns.filter((c) => !deferred.has(c));
    const list = columns.map(quote).join(', ');
    const updates = [
      ...columns.filter((c) => !kind.key.includes(c)).map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`),
      // Cleared here and set again after every kind, so a reference removed in Medusa since the last run is removed here too.
      ...[...deferred].map((c) => `${quote(c)} = NULL`),
    ];
    const conflict =
      kind.insertOnly || !updates.length
        ? `ON CONFLICT (${kind.key.map(quote).join(', ')}) DO NOTHING`
        : `ON CONFLICT (${kind.key.map(quote).join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
    await this.target.query(
      `INSERT INTO ${quote(kind.target)} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${quote(kind.target)}, $1::json) ${conflict}`,
      [JSON.stringify(rows)],
    );
  }

  /** The references that make cycles, once every row they point to is in. */
  private async writeDeferred(kind: ImportKind, rows: Row[]): Promise<void> {
    const columns = kind.deferred!;
    const report = { name: kind.name, read: 0, written: 0, skipped: 0, failed: 0 };
    const update = async (batch: Row[]): Promise<void> => {
      await this.query(
        `UPDATE ${quote(kind.target)} t SET ${columns.map((c) => `${quote(c)} = v.${quote(c)}`).join(', ')}
           FROM json_populate_recordset(NULL::${quote(kind.target)}, $1::json) v
          WHERE ${kind.key.map((k) => `t.${quote(k)} = v.${quote(k)}`).join(' AND ')}`,
        [JSON.stringify(batch)],
      );
    };
    for (let i = 0; i < rows.length; i += this.batchSize) {
      await this.writeBatch({ ...kind, deferred: [], write: update, written: undefined }, rows.slice(i, i + this.batchSize), report);
    }
  }
}

/** Not a column of any target table, so json_populate_recordset leaves it out of the write. */
const pageColumn = (i: number): string => `import_page_${i}`;

function describeError(err: unknown): string {
  const e = err as { message?: string; detail?: string };
  return [e.message ?? String(err), e.detail].filter(Boolean).join(': ');
}

function describeKind(k: KindReport): string {
  const skipped = k.skipped ? `${k.skipped} skipped (${k.skipReason})` : '0 skipped';
  const failed = k.failed ? `, ${k.failed} failed` : '';
  return `${k.name}: ${k.read} read, ${k.written} written, ${skipped}${failed}`;
}

/** The lines after the per-kind ones: what was not carried over, every refused row, the outcome. */
export function describeOutcome(report: ImportReport): string[] {
  const lines: string[] = [];
  if (report.notCarried.length) {
    lines.push('not carried over (this service has no place for them):');
    for (const n of report.notCarried) lines.push(`  ${n.what} (${n.table}): ${n.rows} rows`);
  }
  if (report.failures.length) {
    lines.push(`rows that could not be taken (${report.failures.length}):`);
    for (const f of report.failures) lines.push(`  ${f.kind} ${f.id}: ${f.reason}`);
  }
  const written = report.kinds.reduce((sum, k) => sum + k.written, 0);
  if (report.failures.length) lines.push(`nothing was written: ${report.failures.length} rows could not be taken (${report.seconds.toFixed(1)} s)`);
  else if (report.dryRun) lines.push(`dry run: every row checked, ${written} rows would be written, nothing was written (${report.seconds.toFixed(1)} s)`);
  else lines.push(`imported ${written} rows in ${report.seconds.toFixed(1)} s`);
  return lines;
}

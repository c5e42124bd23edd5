import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { Trigram } from './trigram-search';

export interface FrequentTrigramOptions {
  /** Table and text columns with trigram GIN indexes; identifiers from code, never from requests. */
  table: string;
  columns: readonly string[];
  /** SQL condition the searched rows satisfy (for instance `deleted_at IS NULL`). */
  liveRows?: string;
  /** A trigram is frequent when at least this share of the sampled rows has it. */
  minShare?: number;
  /** About this many rows are sampled. */
  sampleRows?: number;
  /** Older samples are refreshed in the background while still used. */
  maxAgeMs?: number;
}

type FrequentByColumn = ReadonlyMap<string, ReadonlySet<Trigram>>;

const EMPTY: FrequentByColumn = new Map();

/**
 * Which trigrams are common in each searched column, from a sample of the table (the
 * per-trigram statistics PostgreSQL does not keep). Sampled in the background on first use,
 * then again when the sample is older than `maxAgeMs`; each instance keeps its own. Only a
 * matter of speed: a missing, stale or failed sample makes searches slower, never different.
 */
export class FrequentTrigrams {
  private readonly logger = new Logger(FrequentTrigrams.name);
  private readonly minShare: number;
  private readonly sampleRows: number;
  private readonly maxAgeMs: number;
  private sample: { takenAt: number; frequent: FrequentByColumn } | undefined;
  private sampling: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: FrequentTrigramOptions,
  ) {
    this.minShare = options.minShare ?? 0.02;
    this.sampleRows = options.sampleRows ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  }

  /**
   * The frequent trigrams of each column, as last sampled. Never waits: without a sample
   * (the first searches after start) it is empty and a sample is taken in the background,
   * as it is when the last one is older than `maxAgeMs`.
   */
  byColumn(): FrequentByColumn {
    if (!this.sample || Date.now() - this.sample.takenAt > this.maxAgeMs) void this.resample();
    return this.sample?.frequent ?? EMPTY;
  }

  /** Takes a new sample now (one at a time); failures are logged and leave the old sample. */
  resample(): Promise<void> {
    this.sampling ??= this.takeSample()
      .then((frequent) => {
        this.sample = { takenAt: Date.now(), frequent };
      })
      .catch((err: Error) => {
        this.logger.warn(`Could not sample trigram frequencies of ${this.options.table}: ${err.message}`);
        this.sample ??= { takenAt: Date.now(), frequent: new Map() };
      })
      .finally(() => {
        this.sampling = undefined;
      });
    return this.sampling;
  }

  private async takeSample(): Promise<FrequentByColumn> {
    const { table, columns, liveRows } = this.options;
    // TABLESAMPLE SYSTEM reads whole random pages (about 150 at a million customers; the
    // statement takes about 0.2 s there, once per maxAgeMs). reltuples is -1 before the
    // first ANALYZE; then the LIMIT alone bounds the read.
    const [{ reltuples }] = await this.dataSource.query(`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = $1::regclass`, [table]);
    const percent = reltuples > this.sampleRows ? Math.min(100, (100 * this.sampleRows) / reltuples) : 100;
    const values = columns.map((column, i) => `($${i + 4}::text, s."${column}"::text)`).join(', ');
    const rows: Array<{ column_name: string; trigram: string }> = await this.dataSource.query(
      `WITH s AS MATERIALIZED (
         SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" TABLESAMPLE SYSTEM ($1) ${liveRows ? `WHERE ${liveRows}` : ''} LIMIT $2
       )
       SELECT v.column_name, t.trigram
         FROM s CROSS JOIN LATERAL (VALUES ${values}) v(column_name, value) CROSS JOIN LATERAL unnest(show_trgm(v.value)) t(trigram)
        GROUP BY v.column_name, t.trigram
       HAVING count(*) >= $3::float8 * (SELECT count(*) FROM s)`,
      [percent, this.sampleRows, this.minShare, ...columns],
    );
    const frequent = new Map<string, Set<Trigram>>(columns.map((c) => [c, new Set<Trigram>()]));
    for (const row of rows) frequent.get(row.column_name)!.add(row.trigram);
    return frequent;
  }
}

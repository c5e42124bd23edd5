import type { SourceSchema } from './source-schema';

/** One source row, as read (timestamps kept as PostgreSQL text, so no precision is lost). */
export type Row = Record<string, unknown>;

/**
 * One kind of record the import carries over: where it comes from in a Medusa v1
 * database and which of this service's columns it fills. Columns are always listed
 * explicitly, so columns this service adds later (with defaults) never break an import.
 */
export interface ImportKind {
  /** Printed in the summary ("customers", "product variants"). */
  name: string;
  /** This service's table. */
  target: string;
  /** The source table the rows are paged over (its alias in `from` is `s`). */
  source: string;
  /** The conflict target: the primary key (`id`, or a join table's pair). */
  key: string[];
  /**
   * SQL (over alias `s`) the rows are paged over, in this order, when the key's order will
   * not do (a tree, whose parents must be written before their children); it must end with
   * the key, so it is unique. The key by default.
   */
  pageBy?: string[];
  /** Target columns written, in order; each is read from the same-named source column unless `expressions` says otherwise. */
  columns: string[];
  /**
   * SQL (over alias `s`) for columns whose source differs by name or Medusa version;
   * a function receives what the source database has.
   */
  expressions?: Record<string, string | ((schema: SourceSchema) => string)>;
  /** Extra FROM items after `<source> s` (joins). */
  joins?: (schema: SourceSchema) => string;
  /**
   * Columns written in a pass after every kind (references that make a cycle:
   * a customer's billing address belongs to the customer).
   */
  deferred?: string[];
  /** Rows of the source table this service has no place for; they are counted as skipped. */
  skip?: { where: string | ((schema: SourceSchema) => string); reason: string };
  /** A reason this row cannot be taken, checked before any write; undefined when it is fine. */
  check?: (row: Row) => string | undefined;
  /** Join tables: a row already present is left alone (there is nothing to update). */
  insertOnly?: boolean;
  /** Kinds whose source table is absent in older Medusa versions are passed over. */
  optional?: boolean;
  /**
   * Kinds whose target table this service may not have (or not with these columns) are
   * reported as not carried over instead of failing the run.
   */
  targetOptional?: boolean;
  /** Told of every row written (the orders whose stored totals are computed at the end). */
  written?: (rows: Row[]) => void;
  /** Replaces the upsert (rows that must be matched on something other than the key). */
  write?: (rows: Row[], query: QueryFn) => Promise<void>;
}

export type QueryFn = (sql: string, params?: unknown[]) => Promise<Row[]>;

export const quote = (identifier: string): string => `"${identifier.replace(/"/g, '""')}"`;

/** Required text/number columns: a reason when any is missing. */
export function requireColumns(...columns: string[]): (row: Row) => string | undefined {
  return (row) => {
    const missing = columns.filter((c) => row[c] === null || row[c] === undefined);
    return missing.length ? `${missing.join(', ')} missing` : undefined;
  };
}

export function isInteger(value: unknown): boolean {
  return typeof value === 'number' ? Number.isInteger(value) : typeof value === 'string' && /^-?\d+$/.test(value);
}

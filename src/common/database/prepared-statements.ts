import { Query } from 'pg';
import type { Pool, PoolClient, QueryResult } from 'pg';

/**
 * Runs the application's repeated SQL as named (server-side prepared) statements.
 *
 * TypeORM sends every query as an unnamed statement, so PostgreSQL parses and plans the
 * full text each time, and the text (often kilobytes: TypeORM lists every column with an
 * alias) crosses the socket each time. Measured here on a 1.8 KB SELECT: PostgreSQL's
 * throughput doubled and the Node CPU per query fell by about a quarter once named.
 *
 * Short texts count too: TypeORM's `UPDATE "cart" SET ... WHERE "id" = $3` is about 100
 * characters, and unnamed it was parsed and planned on every call (0.25 ms of PostgreSQL
 * time in each guest checkout, against 0.1 ms named). Transaction control (BEGIN,
 * COMMIT, SAVEPOINT x) stays below the minimum length; it has no plan to keep.
 *
 * The registry names a text only after it has been seen a few times, and caps the number
 * of names: statements live in each server connection until it closes, and queries whose
 * text varies (an IN list of a different length) must not fill the server's memory.
 * Behind a transaction-pooling PgBouncer older than 1.21, set DB_PREPARED_STATEMENTS=false.
 */
/**
 * A `q` search (`ILIKE '%term%'`) stays unnamed, planned with its pattern each time. A named
 * statement gets PostgreSQL's generic plan after five runs, and a generic plan cannot see
 * the pattern: at 1 000 000 customers it walked the whole `(created_at, id)` index
 * filtering every row (the page's `COUNT(*) OVER ()` reads every match; 0.9-1.5 s of
 * PostgreSQL CPU per search, past the statement timeout) instead of the trigram indexes
 * the pattern's own plan uses (a few ms). The cost is the search's parse and plan, well
 * under a millisecond.
 */
const SEARCH = /\bILIKE\b/i;

export class PreparedStatementRegistry {
  private readonly sightings = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly options: { minLength: number; sightingsBeforeNaming: number; maxNames: number; maxTracked: number } = {
      minLength: 32,
      sightingsBeforeNaming: 3,
      maxNames: 400,
      maxTracked: 5000,
    },
  ) {}

  /** The statement name for this text, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    if (text.length < this.options.minLength || SEARCH.test(text)) return undefined;
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.options.maxNames) return name;
    const seen = (this.sightings.get(text) ?? 0) + 1;
    if (seen < this.options.sightingsBeforeNaming) {
      // One-off texts are forgotten wholesale rather than tracked one by one.
      if (this.sightings.size >= this.options.maxTracked) this.sightings.clear();
      this.sightings.set(text, seen);
      return undefined;
    }
    this.sightings.delete(text);
    const named = `app_${this.names.size + 1}`;
    this.names.set(text, named);
    return named;
  }

  get size(): number {
    return this.names.size;
  }
}

type QueryFn = (...args: unknown[]) => unknown;

const WRAPPED = Symbol('preparedStatements');

/**
 * Makes every connection of the pool run registered texts as named statements, from its
 * next checkout on (connections opened before the call included). Only plain
 * `query(text, values)` calls without a callback are rerouted (that is how TypeORM
 * calls); query objects, streams and callbacks pass through untouched.
 */
export function usePreparedStatements(pool: Pool, registry = new PreparedStatementRegistry()): PreparedStatementRegistry {
  pool.on('acquire', (client: PoolClient & { [WRAPPED]?: true }) => {
    if (client[WRAPPED]) return;
    client[WRAPPED] = true;
    const original = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values))) {
        const name = registry.nameFor(text);
        if (name !== undefined) return runNamed(original, name, text, values as unknown[] | undefined);
      }
      return original(...args);
    };
  });
  return registry;
}

/**
 * Whether this connection runs statements by name (false when DB_PREPARED_STATEMENTS=false:
 * behind a transaction-pooling PgBouncer, a name prepared on one server connection is
 * unknown on the next). Code that names its own statements asks this first.
 */
export function namesStatements(client: object): boolean {
  return (client as { [WRAPPED]?: true })[WRAPPED] === true;
}

/**
 * Runs `text` as the named statement `name` through a client's `query`, with the promise
 * its config-object form would give. Why not `query({ name, text, values })`: pg copies a
 * config object with Object.defineProperties (utils.cloneQueryConfig), about 2 % of the
 * API's CPU in a checkout; a Query built from the text alone is not copied, and its name
 * is all that differs.
 */
export function runNamed(query: QueryFn, name: string, text: string, values: unknown[] | undefined): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    // pg's Query carries both fields; its type declarations leave them out.
    const named = new Query(text, values) as Query & { name?: string; callback?: (err: Error | null, result: QueryResult) => void };
    named.name = name;
    named.callback = (err, result) => (err ? reject(err) : resolve(result));
    query(named);
  });
}

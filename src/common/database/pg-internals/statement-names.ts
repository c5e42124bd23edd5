import { Query } from 'pg';
import type { ClientBase, Pool, PoolClient, QueryResult } from 'pg';
import { LruMap } from '../lru-map';
import { holdStatement, StatementKind, STATEMENTS_PER_CONNECTION } from './connection-statements';

/**
 * The one way the application names (server-side prepares) statements.
 *
 * TypeORM sends every query as an unnamed statement, so PostgreSQL parses and plans the
 * full text each time, and the text (often kilobytes: TypeORM lists every column with an
 * alias) crosses the socket each time. Measured here on a 1.8 KB SELECT: PostgreSQL's
 * throughput doubled and the Node CPU per query fell by about a quarter once named.
 * Short texts count too: TypeORM's `UPDATE "cart" SET ... WHERE "id" = $3` is about 100
 * characters, and unnamed it was parsed and planned on every call (0.25 ms of PostgreSQL
 * time in each guest checkout, against 0.1 ms named). Transaction control (BEGIN,
 * COMMIT, SAVEPOINT x) stays below the minimum length; it has no plan to keep.
 *
 * Names come from here only: `app_N` for a repeated text (StatementNamer, after a few
 * sightings) and `json_tree_N` for a compiled JSON-tree read (treeStatementName). Every
 * named run goes through runNamedStatement, which holds the name in the connection's
 * least-recently-used set for its kind and deallocates what falls out
 * (connection-statements.ts): statements live in each server connection until it closes,
 * so both the names in Node and the statements on the server are bounded.
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

export interface StatementNamerOptions {
  minLength: number;
  sightingsBeforeNaming: number;
  /** Texts named at once; beyond it the least recently used text loses its name. */
  maxNames: number;
  maxTracked: number;
}

/** Names repeated texts (`app_N`) for one pool. */
export class StatementNamer {
  private readonly sightings = new Map<string, number>();
  private readonly names: LruMap<string, string>;
  private issued = 0;

  constructor(
    private readonly options: StatementNamerOptions = {
      minLength: 32,
      sightingsBeforeNaming: 3,
      maxNames: STATEMENTS_PER_CONNECTION.repeated,
      maxTracked: 5000,
    },
  ) {
    this.names = new LruMap(options.maxNames);
  }

  /** The statement name for this text, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    if (text.length < this.options.minLength || SEARCH.test(text)) return undefined;
    const name = this.names.get(text);
    if (name !== undefined) return name;
    const seen = (this.sightings.get(text) ?? 0) + 1;
    if (seen < this.options.sightingsBeforeNaming) {
      // One-off texts are forgotten wholesale rather than tracked one by one.
      if (this.sightings.size >= this.options.maxTracked) this.sightings.clear();
      this.sightings.set(text, seen);
      return undefined;
    }
    this.sightings.delete(text);
    // A text that lost its name gets a fresh one: its old name may still be prepared on
    // some connections (until their own bound deallocates it), always for the old text.
    const named = `app_${++this.issued}`;
    this.names.set(text, named);
    return named;
  }

  get size(): number {
    return this.names.size;
  }
}

let treeStatements = 0;

/** A new name for a compiled JSON-tree read: one per compiled text, for the life of the process. */
export function treeStatementName(): string {
  return `json_tree_${++treeStatements}`;
}

type QueryFn = (...args: unknown[]) => unknown;

const WRAPPED = Symbol('preparedStatements');
const ORIGINAL_QUERY = Symbol('originalQuery');

type WrappedClient = PoolClient & { [WRAPPED]?: true; [ORIGINAL_QUERY]?: QueryFn };

/**
 * Makes every connection of the pool run repeated texts as named statements, from its
 * next checkout on (connections opened before the call included). Only plain
 * `query(text, values)` calls without a callback are rerouted (that is how TypeORM
 * calls); query objects, streams and callbacks pass through untouched.
 */
export function usePreparedStatements(pool: Pool, namer = new StatementNamer()): StatementNamer {
  pool.on('acquire', (client: WrappedClient) => {
    if (client[WRAPPED]) return;
    client[WRAPPED] = true;
    const original = (client[ORIGINAL_QUERY] = client.query.bind(client) as QueryFn);
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values))) {
        const name = namer.nameFor(text);
        if (name !== undefined) return runNamedStatement(client, 'repeated', name, text, values as unknown[] | undefined);
      }
      return original(...args);
    };
  });
  return namer;
}

/**
 * Whether this connection runs statements by name (false when DB_PREPARED_STATEMENTS=false:
 * behind a transaction-pooling PgBouncer, a name prepared on one server connection is
 * unknown on the next). Code that names its own statements asks this first.
 */
export function namesStatements(client: object): boolean {
  return (client as WrappedClient)[WRAPPED] === true;
}

/**
 * Runs `text` as the named statement `name` on `client`, holding the name among the
 * connection's statements of `kind` (deallocating the least recently used beyond the
 * bound). Why not `query({ name, text, values })`: pg copies a config object with
 * Object.defineProperties (utils.cloneQueryConfig), about 2 % of the API's CPU in a
 * checkout; a Query built from the text alone is not copied, and its name is all that differs.
 */
export function runNamedStatement(
  client: ClientBase,
  kind: StatementKind,
  name: string,
  text: string,
  values: unknown[] | undefined,
  limit?: number,
): Promise<QueryResult> {
  const query = (client as WrappedClient)[ORIGINAL_QUERY] ?? (client.query.bind(client) as QueryFn);
  holdStatement(client, kind, name, limit);
  return new Promise((resolve, reject) => {
    // pg's Query carries both fields; its type declarations leave them out.
    const named = new Query(text, values) as Query & { name?: string; callback?: (err: Error | null, result: QueryResult) => void };
    named.name = name;
    named.callback = (err, result) => (err ? reject(err) : resolve(result));
    query(named);
  });
}

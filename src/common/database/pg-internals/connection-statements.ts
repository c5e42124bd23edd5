import { Query } from 'pg';
import type { ClientBase } from 'pg';
import { LruMap } from '../lru-map';

/**
 * The two kinds of named statement (see statement-names.ts), each with its own bound per
 * connection, since their server-side cost differs by two orders of magnitude.
 * - `repeated`: TypeORM's texts seen a few times, up to about 2 KB each.
 * - `tree`: JSON-tree reads. One for a large relation tree costs the server about 0.2 MB
 *   of plan cache, and every distinct `expand` set compiles another: without a bound,
 *   anonymous requests naming subsets of a route's relations grew one backend by hundreds
 *   of megabytes. The routes' own relation sets (cart, order, product pages, regions ...)
 *   are a few dozen, and being the ones in use they stay at the recent end, so the hot
 *   paths keep their named statements; an unusual `expand` costs one parse and plan, and
 *   later a DEALLOCATE.
 */
export type StatementKind = 'repeated' | 'tree';

export const STATEMENTS_PER_CONNECTION: Readonly<Record<StatementKind, number>> = { repeated: 400, tree: 64 };

/** pg's record of the statements it has parsed on a connection (not in its type declarations). */
interface ParsedStatements {
  connection: { parsedStatements: Record<string, string> };
}

const held = new WeakMap<ClientBase, Partial<Record<StatementKind, LruMap<string, true>>>>();

/**
 * Counts `name` as prepared on `client`, making room first by deallocating the connection's
 * least recently used statements of the same kind beyond `limit` (fixed at the kind's
 * first use on the connection). Call it just before queueing the named query on the same
 * client, with no await in between: the DEALLOCATE is queued ahead of that query, and pg
 * forgets the statement in the DEALLOCATE's callback, before it submits the next queued
 * query, so no query runs by a name the server no longer has.
 */
export function holdStatement(client: ClientBase, kind: StatementKind, name: string, limit = STATEMENTS_PER_CONNECTION[kind]): void {
  let kinds = held.get(client);
  if (!kinds) held.set(client, (kinds = {}));
  const names = (kinds[kind] ??= new LruMap(limit));
  if (names.get(name)) return;
  for (const [evicted] of names.set(name, true)) deallocate(client, evicted);
}

/** pg's Query as it is at run time (its type declarations leave these out). */
type PgQuery = {
  text: string;
  callback?: (err: Error | null) => void;
  submit(connection: ParsedStatements['connection']): Error | null;
};

function deallocate(client: ClientBase, name: string): void {
  const query = new Query(`DEALLOCATE ${name}`) as unknown as PgQuery;
  const submit = query.submit.bind(query);
  // Decided when pg sends it, not when it is queued: a query queued ahead of it may be the
  // one that parses the statement. Never parsed (its parse failed, or it never ran): an
  // empty statement instead, since a DEALLOCATE of an unknown name fails and would abort
  // the caller's transaction.
  query.submit = (connection) => {
    if (connection.parsedStatements[name] === undefined) query.text = '';
    return submit(connection);
  };
  // On failure (only inside a transaction that has already failed) pg's record stays: the
  // statement is still usable under its name, and counted again when next used.
  query.callback = (err) => {
    if (!err && query.text) delete (client as unknown as ParsedStatements).connection.parsedStatements[name];
  };
  (client.query as (query: unknown) => unknown)(query);
}

import { Query } from 'pg';
import type { ClientBase } from 'pg';
import { LruMap } from './lru-map';

/**
 * How many JSON-tree statements one connection keeps prepared. A statement for a large
 * relation tree costs the server about 0.2 MB of plan cache, and every distinct `expand`
 * set compiles another: without a bound, anonymous requests naming subsets of a route's
 * relations grew one backend by hundreds of megabytes. The routes' own relation sets
 * (cart, order, product pages, regions ...) are a few dozen, and being the ones in use
 * they stay at the recent end, so the hot paths keep their named statements; an unusual
 * `expand` costs one parse and plan, and later a DEALLOCATE.
 */
export const MAX_TREE_STATEMENTS_PER_CONNECTION = 64;

/** pg's record of the statements it has parsed on a connection (not in its type declarations). */
interface ParsedStatements {
  connection: { parsedStatements: Record<string, string> };
}

const held = new WeakMap<ClientBase, LruMap<string, true>>();

/**
 * Counts `name` as prepared on `client`, making room first by deallocating the connection's
 * least recently used tree statements beyond `limit`. Call it just before queueing the
 * named query on the same client, with no await in between: the DEALLOCATE is queued ahead
 * of that query, and pg forgets the statement in the DEALLOCATE's callback, before it
 * submits the next queued query, so no query runs by a name the server no longer has.
 */
export function holdStatement(client: ClientBase, name: string, limit = MAX_TREE_STATEMENTS_PER_CONNECTION): void {
  let names = held.get(client);
  if (!names) held.set(client, (names = new LruMap(limit)));
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

import type { Pool, PoolClient } from 'pg';

/**
 * Gives every new connection of the pool a permanent 'error' listener.
 *
 * node-postgres emits 'error' on a client whose server goes away; with no listener that is
 * an uncaught exception and the process dies. pg-pool listens while a client is idle and
 * TypeORM listens while a query runner holds it, but TypeORM attaches its listener a
 * microtask after the pool hands the client over. When PostgreSQL shuts down just as a
 * new connection completes, the server's FATAL "terminating connection" can arrive in the
 * same socket read as the connection's ready message: inside that gap. Observed in
 * test/e2e/reliability/database-restart.e2e-spec.ts. The listener only prevents the
 * crash; the pool and TypeORM still discard the broken client and the request gets a 503.
 */
export function keepClientErrorsFromCrashing(pool: Pool, onError: (err: Error) => void = () => undefined): void {
  pool.on('connect', (client: PoolClient) => client.on('error', onError));
}

import type { EntityManager } from 'typeorm';

/*
 * The seed's own statements: its lock and the reads it checks references with (see
 * docs/architecture.md, "Where SQL lives"). It writes nothing here.
 */

/** Arbitrary but fixed: two seed runs against one database take turns instead of racing on natural keys. */
const SEED_LOCK_KEY = 72_616_402;

export async function lockSeedRuns(manager: EntityManager): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
}

/** Whether any user, region or product row exists (deleted rows count). */
export async function holdsShopData(manager: EntityManager): Promise<boolean> {
  const [{ found }]: Array<{ found: boolean }> = await manager.query(
    'SELECT EXISTS (SELECT 1 FROM "user") OR EXISTS (SELECT 1 FROM region) OR EXISTS (SELECT 1 FROM product) AS found',
  );
  return found;
}

/** Whether `table` has a row with that id matching `liveCondition` (a fixed SQL condition, never user input). */
export async function rowExists(manager: EntityManager, table: string, id: string, liveCondition: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(`SELECT 1 FROM "${table}" WHERE id = $1 AND ${liveCondition}`, [id]);
  return rows.length > 0;
}

/** Whether the region offers the fulfillment provider. */
export async function regionOffersFulfillmentProvider(manager: EntityManager, regionId: string, providerId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM region_fulfillment_providers WHERE region_id = $1 AND provider_id = $2', [regionId, providerId]);
  return rows.length > 0;
}

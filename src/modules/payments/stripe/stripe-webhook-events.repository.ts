import type { EntityManager } from 'typeorm';

/** How long accepted event ids are kept: far beyond Stripe's three days of redelivery. */
const RETENTION_DAYS = 30;

/**
 * Records an event id; true when this call recorded it, false when it was recorded before
 * (Stripe redelivering, or another instance receiving the same delivery: the second INSERT
 * waits for the first's commit, then finds the row).
 */
export async function recordStripeEvent(manager: EntityManager, id: string, type: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO "stripe_webhook_event" ("id", "type") VALUES ($1, $2) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
    [id, type],
  );
  return rows.length === 1;
}

export async function markStripeEventProcessed(manager: EntityManager, id: string): Promise<void> {
  await manager.query(`UPDATE "stripe_webhook_event" SET "processed_at" = now() WHERE "id" = $1`, [id]);
}

/** Drops event ids older than the retention (a bounded DELETE, so no run holds locks for long). */
export async function pruneStripeEvents(manager: EntityManager): Promise<void> {
  await manager.query(
    `DELETE FROM "stripe_webhook_event" WHERE "id" IN (SELECT "id" FROM "stripe_webhook_event" WHERE "received_at" < now() - make_interval(days => $1) LIMIT 1000)`,
    [RETENTION_DAYS],
  );
}

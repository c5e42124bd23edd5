import type { EntityManager } from 'typeorm';

/** The identity a cookie session carries for each surface (see common/auth/session.ts). */
export type SessionIdentity = 'customer_id' | 'user_id';

/**
 * Ends the account's cookie sessions (the `session` table of connect-pg-simple, which the
 * auth module owns) other than `keepSessionId`. A session also holding the other surface's
 * identity (one browser logged into admin and store) only loses this one. Called by the
 * account's owner (customers, users) in the transaction that changes the password.
 */
export async function endSessionsOf(manager: EntityManager, key: SessionIdentity, id: string, keepSessionId?: string): Promise<void> {
  const other: SessionIdentity = key === 'customer_id' ? 'user_id' : 'customer_id';
  await manager.query(`DELETE FROM "session" WHERE ("sess" ->> '${key}') = $1 AND "sid" IS DISTINCT FROM $2 AND ("sess" ->> '${other}') IS NULL`, [
    id,
    keepSessionId ?? null,
  ]);
  await manager.query(
    `UPDATE "session" SET "sess" = ("sess"::jsonb - '${key}')::json WHERE ("sess" ->> '${key}') = $1 AND "sid" IS DISTINCT FROM $2 AND ("sess" ->> '${other}') IS NOT NULL`,
    [id, keepSessionId ?? null],
  );
}

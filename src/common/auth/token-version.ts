import type { EntityManager } from 'typeorm';

export type TokenAccount = 'customer' | 'user';

const LIVE_VERSION_SQL: Record<TokenAccount, string> = {
  customer: `SELECT token_version FROM customer WHERE id = $1 AND deleted_at IS NULL`,
  user: `SELECT token_version FROM "user" WHERE id = $1 AND deleted_at IS NULL`,
};

/** The account's current token version (one primary-key read); undefined when it is deleted or never existed. */
export async function liveTokenVersion(manager: EntityManager, account: TokenAccount, id: string): Promise<number | undefined> {
  const rows: Array<{ token_version: number }> = await manager.query(LIVE_VERSION_SQL[account], [id]);
  return rows[0]?.token_version;
}

/**
 * What decides whether a store JWT still identifies its customer: the current token version,
 * and the one token a password change kept (undefined when the customer is deleted).
 */
export async function liveStoreTokens(manager: EntityManager, customerId: string): Promise<{ version: number; keptTokenId: string | null } | undefined> {
  const rows: Array<{ token_version: number; kept_token_id: string | null }> = await manager.query(
    `SELECT token_version, kept_token_id FROM customer WHERE id = $1 AND deleted_at IS NULL`,
    [customerId],
  );
  return rows[0] && { version: rows[0].token_version, keptTokenId: rows[0].kept_token_id };
}

const BUMP_SQL: Record<TokenAccount, string> = {
  // Every change also forgets the token the previous change kept.
  customer: `UPDATE customer SET token_version = token_version + 1, kept_token_id = NULL, updated_at = now() WHERE id = $1`,
  user: `UPDATE "user" SET token_version = token_version + 1, updated_at = now() WHERE id = $1`,
};

const SESSION_KEY: Record<TokenAccount, 'customer_id' | 'user_id'> = { customer: 'customer_id', user: 'user_id' };

/**
 * Invalidates what a password opened for the account: its JWTs (the token version goes
 * up) and its cookie sessions other than `keepSessionId`. A session also holding the other
 * surface's identity (one browser logged into admin and store) only loses this one.
 */
export async function endAccountLogins(manager: EntityManager, account: TokenAccount, id: string, keepSessionId?: string): Promise<void> {
  const key = SESSION_KEY[account];
  const other = key === 'customer_id' ? 'user_id' : 'customer_id';
  await manager.query(BUMP_SQL[account], [id]);
  await manager.query(`DELETE FROM "session" WHERE ("sess" ->> '${key}') = $1 AND "sid" IS DISTINCT FROM $2 AND ("sess" ->> '${other}') IS NULL`, [
    id,
    keepSessionId ?? null,
  ]);
  await manager.query(
    `UPDATE "session" SET "sess" = ("sess"::jsonb - '${key}')::json WHERE ("sess" ->> '${key}') = $1 AND "sid" IS DISTINCT FROM $2 AND ("sess" ->> '${other}') IS NOT NULL`,
    [id, keepSessionId ?? null],
  );
}

import type { EntityManager } from 'typeorm';

/** Replaces the hash only while it is still `oldHash`, so a password changed meanwhile is never overwritten. */
export async function replacePasswordHashIfUnchanged(manager: EntityManager, userId: string, oldHash: string, newHash: string): Promise<void> {
  await manager.query(`UPDATE "user" SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [newHash, userId, oldHash]);
}

/** The user's current token version (one primary-key read); undefined when it is deleted or never existed. */
export async function userTokenVersion(manager: EntityManager, userId: string): Promise<number | undefined> {
  const rows: Array<{ token_version: number }> = await manager.query(`SELECT token_version FROM "user" WHERE id = $1 AND deleted_at IS NULL`, [userId]);
  return rows[0]?.token_version;
}

/** Ends the user's admin JWTs: the token version goes up. */
export async function bumpUserTokenVersion(manager: EntityManager, userId: string): Promise<void> {
  await manager.query(`UPDATE "user" SET token_version = token_version + 1, updated_at = now() WHERE id = $1`, [userId]);
}

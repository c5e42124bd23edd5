import type { EntityManager } from 'typeorm';

/** Replaces the hash only while it is still `oldHash`, so a password changed meanwhile is never overwritten. */
export async function replacePasswordHashIfUnchanged(manager: EntityManager, userId: string, oldHash: string, newHash: string): Promise<void> {
  await manager.query(`UPDATE "user" SET password_hash = $1 WHERE id = $2 AND password_hash = $3`, [newHash, userId, oldHash]);
}

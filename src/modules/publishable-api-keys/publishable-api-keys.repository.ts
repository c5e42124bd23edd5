import { EntityManager } from 'typeorm';
import { generateEntityId } from '../../common/database/ids';

/** Links channels to a key; links that exist stay (Medusa's insert-or-ignore; channel ids are not checked). */
export async function linkKeyChannels(manager: EntityManager, keyId: string, channelIds: readonly string[]): Promise<void> {
  if (channelIds.length === 0) return;
  await manager.query(
    `INSERT INTO publishable_api_key_sales_channel (id, publishable_key_id, sales_channel_id)
     SELECT unnest($1::varchar[]), $2, unnest($3::varchar[]) ON CONFLICT DO NOTHING`,
    [channelIds.map(() => generateEntityId('pksc')), keyId, channelIds],
  );
}

export async function unlinkKeyChannels(manager: EntityManager, keyId: string, channelIds: readonly string[]): Promise<void> {
  await manager.query(`DELETE FROM publishable_api_key_sales_channel WHERE publishable_key_id = $1 AND sales_channel_id = ANY($2::varchar[])`, [
    keyId,
    channelIds,
  ]);
}

/**
 * The channels linked to a key, soft-deleted ones included (Medusa's raw join), `q` on
 * name or description.
 */
export function keyChannels(manager: EntityManager, keyId: string, q: string | undefined): Promise<Array<Record<string, unknown>>> {
  return manager.query(
    `SELECT sc.* FROM publishable_api_key_sales_channel l JOIN sales_channel sc ON sc.id = l.sales_channel_id
      WHERE l.publishable_key_id = $1 AND ($2::text IS NULL OR sc.name ILIKE $2 OR sc.description ILIKE $2)
      ORDER BY sc.created_at, sc.id`,
    [keyId, q === undefined ? null : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
  );
}

/** The channel ids a key header scopes the store to (Medusa reads the links only: revoked and unknown keys resolve too). */
export async function scopeOfKey(manager: EntityManager, keyId: string): Promise<string[]> {
  const rows: Array<{ id: string }> = await manager.query(
    `SELECT sales_channel_id AS id FROM publishable_api_key_sales_channel WHERE publishable_key_id = $1 ORDER BY 1`,
    [keyId],
  );
  return rows.map((r) => r.id);
}

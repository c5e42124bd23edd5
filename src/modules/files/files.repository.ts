import type { DataSource, EntityManager } from 'typeorm';

/** A stored_file row as read back (size is a bigint, so it may come as a string). */
export interface StoredFileRow {
  key: string;
  size: string | number;
  content_type: string | null;
  original_name: string | null;
  is_public: boolean;
}

export interface NewStoredFile {
  key: string;
  contentType: string | null;
  originalName: string | null;
  isPublic: boolean;
}

/** Deletes the file and its chunks (by cascade); false when there was none. */
export async function deleteStoredFile(manager: EntityManager, key: string): Promise<boolean> {
  const [, affected]: [unknown, number] = await manager.query(`DELETE FROM stored_file WHERE key = $1`, [key]);
  return affected > 0;
}

/** An empty file row, to which chunks are then added. */
export async function insertEmptyStoredFile(manager: EntityManager, file: NewStoredFile): Promise<void> {
  await manager.query(`INSERT INTO stored_file (key, size, chunk_count, content_type, original_name, is_public) VALUES ($1, 0, 0, $2, $3, $4)`, [
    file.key,
    file.contentType,
    file.originalName,
    file.isPublic,
  ]);
}

export async function insertFileChunk(manager: EntityManager, chunk: { key: string; seq: number; byteOffset: number; data: Buffer }): Promise<void> {
  await manager.query(`INSERT INTO stored_file_chunk (file_key, seq, byte_offset, data) VALUES ($1, $2, $3, $4)`, [
    chunk.key,
    chunk.seq,
    chunk.byteOffset,
    chunk.data,
  ]);
}

/** Records the final size and chunk count of a file written whole. */
export async function setStoredFileSize(manager: EntityManager, key: string, size: number, chunkCount: number): Promise<StoredFileRow> {
  const [rows]: [StoredFileRow[], number] = await manager.query(
    `UPDATE stored_file SET size = $2, chunk_count = $3, updated_at = now() WHERE key = $1 RETURNING *`,
    [key, size, chunkCount],
  );
  return rows[0];
}

/**
 * Creates the file row or grows it by `size` bytes in `chunkCount` chunks, and returns the
 * totals after the growth. The update locks the row, so concurrent appends are serialised.
 */
export async function growStoredFile(
  manager: EntityManager,
  file: NewStoredFile,
  size: number,
  chunkCount: number,
): Promise<{ size: number; chunkCount: number }> {
  const [row]: Array<{ size: string; chunk_count: number }> = await manager.query(
    `INSERT INTO stored_file AS f (key, size, chunk_count, content_type, original_name, is_public) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (key) DO UPDATE SET size = f.size + EXCLUDED.size, chunk_count = f.chunk_count + EXCLUDED.chunk_count, updated_at = now()
     RETURNING size, chunk_count`,
    [file.key, size, chunkCount, file.contentType, file.originalName, file.isPublic],
  );
  return { size: Number(row.size), chunkCount: Number(row.chunk_count) };
}

export async function findStoredFile(manager: EntityManager, key: string): Promise<StoredFileRow | undefined> {
  const rows: StoredFileRow[] = await manager.query(`SELECT key, size, content_type, original_name, is_public FROM stored_file WHERE key = $1`, [key]);
  return rows[0];
}

/** The chunk holding byte `offset` of the file (the last one starting at or before it). */
export async function findChunkHolding(dataSource: DataSource, key: string, offset: number): Promise<{ seq: number; byteOffset: number } | undefined> {
  const rows: Array<{ seq: number; byte_offset: string }> = await dataSource.query(
    `SELECT seq, byte_offset FROM stored_file_chunk WHERE file_key = $1 AND byte_offset <= $2 ORDER BY seq DESC LIMIT 1`,
    [key, offset],
  );
  return rows[0] && { seq: rows[0].seq, byteOffset: Number(rows[0].byte_offset) };
}

/** Up to `limit` chunks of the file, from chunk `fromSeq` on, in order. */
export function readFileChunks(dataSource: DataSource, key: string, fromSeq: number, limit: number): Promise<Array<{ seq: number; data: Buffer }>> {
  return dataSource.query(`SELECT seq, data FROM stored_file_chunk WHERE file_key = $1 AND seq >= $2 ORDER BY seq LIMIT $3`, [key, fromSeq, limit]);
}

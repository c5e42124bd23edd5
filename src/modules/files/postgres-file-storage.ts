import { Injectable } from '@nestjs/common';
import { Readable } from 'stream';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { FileStorage, PutFileOptions, StoredFileInfo } from './file-storage';

/** Bytes per chunk row: large enough to keep row counts low, small enough to stream. */
export const CHUNK_SIZE = 256 * 1024;
/** Chunks fetched per query while reading. */
const CHUNKS_PER_READ = 4;

interface FileRow {
  key: string;
  size: string | number;
  content_type: string | null;
  original_name: string | null;
  is_public: boolean;
}

function toInfo(row: FileRow): StoredFileInfo {
  return { key: row.key, size: Number(row.size), content_type: row.content_type, original_name: row.original_name, is_public: row.is_public };
}

/** Cuts a stream into CHUNK_SIZE pieces (the last one shorter). */
async function* rechunk(body: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingSize = 0;
  for await (const piece of body) {
    let buf = typeof piece === 'string' ? Buffer.from(piece) : piece;
    while (buf.length > 0) {
      const take = Math.min(buf.length, CHUNK_SIZE - pendingSize);
      pending.push(buf.subarray(0, take));
      pendingSize += take;
      buf = buf.subarray(take);
      if (pendingSize === CHUNK_SIZE) {
        yield Buffer.concat(pending);
        pending = [];
        pendingSize = 0;
      }
    }
  }
  if (pendingSize > 0) yield Buffer.concat(pending);
}

/**
 * The default FileStorage: files in PostgreSQL (`stored_file` + ordered `stored_file_chunk`
 * bytea rows), so all instances behind a load balancer share them and a file written by a
 * batch commits with the batch. Reads and writes move one chunk group at a time.
 */
@Injectable()
export class PostgresFileStorage implements FileStorage {
  constructor(private readonly dataSource: DataSource) {}

  /** Written in one transaction: a reader never sees half an upload; an aborted upload leaves nothing. */
  async put(key: string, body: Readable, options: PutFileOptions = {}): Promise<StoredFileInfo> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM stored_file WHERE key = $1`, [key]);
      await manager.query(`INSERT INTO stored_file (key, size, chunk_count, content_type, original_name, is_public) VALUES ($1, 0, 0, $2, $3, $4)`, [
        key,
        options.contentType ?? null,
        options.originalName ?? null,
        options.isPublic ?? false,
      ]);
      let size = 0;
      let seq = 0;
      for await (const chunk of rechunk(body)) {
        await manager.query(`INSERT INTO stored_file_chunk (file_key, seq, byte_offset, data) VALUES ($1, $2, $3, $4)`, [key, seq, size, chunk]);
        size += chunk.length;
        seq += 1;
      }
      const [rows]: [FileRow[], number] = await manager.query(
        `UPDATE stored_file SET size = $2, chunk_count = $3, updated_at = now() WHERE key = $1 RETURNING *`,
        [key, size, seq],
      );
      return toInfo(rows[0]);
    });
  }

  /**
   * The file row is locked by the size update, so concurrent appends to one file are
   * serialised and chunk numbers never collide.
   */
  async append(key: string, bytes: Buffer, options: PutFileOptions & { manager?: EntityManager } = {}): Promise<number> {
    const work = async (manager: EntityManager) => {
      const pieces: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += CHUNK_SIZE) pieces.push(bytes.subarray(at, at + CHUNK_SIZE));
      const [row] = await manager.query(
        `INSERT INTO stored_file AS f (key, size, chunk_count, content_type, original_name, is_public) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key) DO UPDATE SET size = f.size + EXCLUDED.size, chunk_count = f.chunk_count + EXCLUDED.chunk_count, updated_at = now()
         RETURNING size, chunk_count`,
        [key, bytes.length, pieces.length, options.contentType ?? null, options.originalName ?? null, options.isPublic ?? false],
      );
      let offset = Number(row.size) - bytes.length;
      let seq = Number(row.chunk_count) - pieces.length;
      for (const piece of pieces) {
        await manager.query(`INSERT INTO stored_file_chunk (file_key, seq, byte_offset, data) VALUES ($1, $2, $3, $4)`, [key, seq, offset, piece]);
        offset += piece.length;
        seq += 1;
      }
      return Number(row.size);
    };
    if (options.manager) return work(options.manager);
    return this.dataSource.transaction(work);
  }

  async stat(key: string, manager: EntityManager = this.dataSource.manager): Promise<StoredFileInfo | null> {
    const rows: FileRow[] = await manager.query(`SELECT key, size, content_type, original_name, is_public FROM stored_file WHERE key = $1`, [key]);
    return rows[0] ? toInfo(rows[0]) : null;
  }

  async read(key: string, options: { start?: number } = {}): Promise<Readable> {
    const info = await this.stat(key);
    if (!info) throw ApiError.notFound(`File with key ${key} was not found`);
    const start = options.start ?? 0;
    const dataSource = this.dataSource;
    async function* chunks(): AsyncGenerator<Buffer> {
      // The first chunk is the one holding byte `start`; later ones follow by seq.
      const first: Array<{ seq: number; byte_offset: string }> = await dataSource.query(
        `SELECT seq, byte_offset FROM stored_file_chunk WHERE file_key = $1 AND byte_offset <= $2 ORDER BY seq DESC LIMIT 1`,
        [key, start],
      );
      let nextSeq = first[0]?.seq ?? 0;
      let skip = first[0] ? start - Number(first[0].byte_offset) : 0;
      for (;;) {
        const rows: Array<{ seq: number; data: Buffer }> = await dataSource.query(
          `SELECT seq, data FROM stored_file_chunk WHERE file_key = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
          [key, nextSeq, CHUNKS_PER_READ],
        );
        if (rows.length === 0) return;
        for (const row of rows) {
          const data = skip > 0 ? row.data.subarray(skip) : row.data;
          skip = 0;
          if (data.length > 0) yield data;
          nextSeq = row.seq + 1;
        }
        if (rows.length < CHUNKS_PER_READ) return;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async delete(key: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, affected] = await manager.query(`DELETE FROM stored_file WHERE key = $1`, [key]);
    return affected > 0;
  }
}

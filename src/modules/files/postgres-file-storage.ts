import { Injectable } from '@nestjs/common';
import { Readable } from 'stream';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { FileStorage, PutFileOptions, StoredFileInfo } from './file-storage';
import {
  deleteStoredFile,
  findChunkHolding,
  findStoredFile,
  growStoredFile,
  insertEmptyStoredFile,
  insertFileChunk,
  readFileChunks,
  setStoredFileSize,
  StoredFileRow,
} from './files.repository';

/** Bytes per chunk row: large enough to keep row counts low, small enough to stream. */
const CHUNK_SIZE = 256 * 1024;
/** Chunks fetched per query while reading. */
const CHUNKS_PER_READ = 4;

function toInfo(row: StoredFileRow): StoredFileInfo {
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
      await deleteStoredFile(manager, key);
      await insertEmptyStoredFile(manager, newFile(key, options));
      let size = 0;
      let seq = 0;
      for await (const chunk of rechunk(body)) {
        await insertFileChunk(manager, { key, seq, byteOffset: size, data: chunk });
        size += chunk.length;
        seq += 1;
      }
      return toInfo(await setStoredFileSize(manager, key, size, seq));
    });
  }

  /** Concurrent appends to one file are serialised by the file row's lock, so chunk numbers never collide. */
  async append(key: string, bytes: Buffer, { manager, ...options }: PutFileOptions & { manager: EntityManager }): Promise<number> {
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += CHUNK_SIZE) pieces.push(bytes.subarray(at, at + CHUNK_SIZE));
    const grown = await growStoredFile(manager, newFile(key, options), bytes.length, pieces.length);
    let offset = grown.size - bytes.length;
    let seq = grown.chunkCount - pieces.length;
    for (const piece of pieces) {
      await insertFileChunk(manager, { key, seq, byteOffset: offset, data: piece });
      offset += piece.length;
      seq += 1;
    }
    return grown.size;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const row = await findStoredFile(this.dataSource.manager, key);
    return row ? toInfo(row) : null;
  }

  async read(key: string, options: { start?: number } = {}): Promise<Readable> {
    const info = await this.stat(key);
    if (!info) throw ApiError.notFound(`File with key ${key} was not found`);
    const start = options.start ?? 0;
    const dataSource = this.dataSource;
    async function* chunks(): AsyncGenerator<Buffer> {
      // The first chunk is the one holding byte `start`; later ones follow by seq.
      const first = await findChunkHolding(dataSource, key, start);
      let nextSeq = first?.seq ?? 0;
      let skip = first ? start - first.byteOffset : 0;
      for (;;) {
        const rows = await readFileChunks(dataSource, key, nextSeq, CHUNKS_PER_READ);
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

  delete(key: string, manager: EntityManager): Promise<boolean> {
    return deleteStoredFile(manager, key);
  }

  deleteNow(key: string): Promise<boolean> {
    return this.delete(key, this.dataSource.manager);
  }
}

function newFile(key: string, options: PutFileOptions) {
  return { key, contentType: options.contentType ?? null, originalName: options.originalName ?? null, isPublic: options.isPublic ?? false };
}

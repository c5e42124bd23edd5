import type { Readable } from 'stream';
import type { EntityManager } from 'typeorm';

export interface StoredFileInfo {
  key: string;
  size: number;
  content_type: string | null;
  original_name: string | null;
  is_public: boolean;
}

export interface PutFileOptions {
  contentType?: string | null;
  originalName?: string | null;
  isPublic?: boolean;
}

/**
 * Where uploaded and generated files live. Every method streams: no file is ever held in
 * memory whole. The methods that take `manager` write in that transaction (PostgreSQL's
 * driver joins it), so a batch's rows and the bytes it wrote commit together; the others
 * work outside any transaction.
 */
export interface FileStorage {
  /** Stores a whole stream under `key`; the file becomes visible only once complete. */
  put(key: string, body: Readable, options?: PutFileOptions): Promise<StoredFileInfo>;
  /** Adds bytes at the end of `key` (created, private, when missing). Returns the new size. */
  append(key: string, bytes: Buffer, options: PutFileOptions & { manager: EntityManager }): Promise<number>;
  /** The committed file's size and headers, or null. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Streams the file from byte `start` (default 0). Rejects with not_found for an unknown key. */
  read(key: string, options?: { start?: number }): Promise<Readable>;
  /** Removes the file in `manager`'s transaction; false when there was none. */
  delete(key: string, manager: EntityManager): Promise<boolean>;
  /** delete() outside any transaction: the file is gone at once. */
  deleteNow(key: string): Promise<boolean>;
}

/** Nest injection token of the configured FileStorage driver. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

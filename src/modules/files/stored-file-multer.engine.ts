import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { FileStorage } from './file-storage';

export interface StoredUpload extends Express.Multer.File {
  key: string;
}

/**
 * Multer storage engine that streams each uploaded part straight into the FileStorage
 * driver (never buffering the whole file). Files posted to `.../protected` are private.
 */
export class StoredFileMulterEngine implements StorageEngine {
  constructor(
    private readonly storage: FileStorage,
    private readonly keyFor: (originalName: string) => string,
  ) {}

  _handleFile(req: Request, file: Express.Multer.File, cb: (error?: unknown, info?: Partial<StoredUpload>) => void): void {
    const key = this.keyFor(file.originalname);
    const isPublic = !req.path.endsWith('/protected');
    this.storage
      .put(key, file.stream, { contentType: file.mimetype, originalName: file.originalname, isPublic })
      .then((info) => cb(null, { key, size: info.size }))
      .catch((err) => cb(err));
  }

  _removeFile(_req: Request, file: Express.Multer.File & Partial<StoredUpload>, cb: (error: Error | null) => void): void {
    if (!file.key) return cb(null);
    this.storage
      .deleteNow(file.key)
      .then(() => cb(null))
      .catch((err) => cb(err));
  }
}

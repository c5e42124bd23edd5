import { Inject, Injectable } from '@nestjs/common';
import { Readable } from 'stream';
import { ulid } from 'ulid';
import { ApiError } from '../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { DownloadLinkSigner } from './download-link-signer';
import { FILE_STORAGE, FileStorage, StoredFileInfo } from './file-storage';
import type { FilesConfig } from './files.config';

/** Content types a browser may render inline from our origin; anything else downloads. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'text/csv', 'application/pdf']);

export interface FileDownload {
  info: StoredFileInfo;
  body: Readable;
  inline: boolean;
}

/**
 * Upload keys, links and access rules on top of the FileStorage driver:
 * public uploads are readable by key at `/uploads/<key>`; every other file only through a
 * signed link (`/uploads/signed/<token>`) that expires.
 */
@Injectable()
export class FilesService {
  private readonly config: FilesConfig;
  private readonly signer: DownloadLinkSigner;

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) appConfig: AppConfig,
  ) {
    this.config = appConfig.files;
    this.signer = new DownloadLinkSigner(appConfig.sessionSecret);
  }

  get maxUploadBytes(): number {
    return this.config.maxUploadBytes;
  }

  /** A unique, URL-safe key keeping a readable trace of the original name. */
  uploadKey(originalName: string): string {
    const safe =
      originalName
        .normalize('NFKD')
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(-100) || 'file';
    return `${ulid().toLowerCase()}-${safe}`;
  }

  publicUrl(key: string, origin: string): string {
    return `${this.base(origin)}/uploads/${encodeURIComponent(key)}`;
  }

  /** A link to the file that works for `downloadUrlTtlSeconds` for whoever holds it. */
  async signedDownloadUrl(key: string, origin: string): Promise<string> {
    if (!(await this.storage.stat(key))) throw ApiError.notFound(`File with key ${key} was not found`);
    const expiresAt = Math.floor(Date.now() / 1000) + this.config.downloadUrlTtlSeconds;
    return `${this.base(origin)}/uploads/signed/${this.signer.sign(key, expiresAt)}`;
  }

  async delete(key: string): Promise<void> {
    await this.storage.deleteNow(key);
  }

  /** A public file by key; private files are answered as missing (they need a signed link). */
  async openPublic(key: string): Promise<FileDownload> {
    const info = await this.storage.stat(key);
    if (!info || !info.is_public) throw ApiError.notFound(`File with key ${key} was not found`);
    return this.open(info);
  }

  async openSigned(token: string): Promise<FileDownload> {
    const key = this.signer.verify(token);
    if (!key) throw ApiError.unauthorized('The download link is invalid or has expired.');
    const info = await this.storage.stat(key);
    if (!info) throw ApiError.notFound(`File with key ${key} was not found`);
    return this.open(info);
  }

  private async open(info: StoredFileInfo): Promise<FileDownload> {
    const body = await this.storage.read(info.key);
    return { info, body, inline: INLINE_TYPES.has(info.content_type ?? '') };
  }

  private base(origin: string): string {
    return this.config.publicBaseUrl ?? origin;
  }
}

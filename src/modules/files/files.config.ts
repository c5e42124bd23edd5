/** File settings: AppConfig.files (read in src/config/configuration.ts). */
export interface FilesConfig {
  /** Lifetime of a signed download link. */
  downloadUrlTtlSeconds: number;
  /** Largest accepted upload, per file. */
  maxUploadBytes: number;
  /** Absolute base of file links (e.g. https://api.example.com); default: the request's own origin. */
  publicBaseUrl?: string;
}

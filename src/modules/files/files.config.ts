/** File settings, from the environment. */
export interface FilesConfig {
  /** Lifetime of a signed download link. */
  downloadUrlTtlSeconds: number;
  /** Largest accepted upload, per file. */
  maxUploadBytes: number;
  /** Absolute base of file links (e.g. https://api.example.com); default: the request's own origin. */
  publicBaseUrl?: string;
}

export function loadFilesConfig(env: NodeJS.ProcessEnv = process.env): FilesConfig {
  const positive = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  return {
    downloadUrlTtlSeconds: positive('FILE_DOWNLOAD_URL_TTL_SECONDS', 300),
    maxUploadBytes: positive('FILE_MAX_UPLOAD_BYTES', 200 * 1024 * 1024),
    publicBaseUrl: env.FILE_PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
  };
}

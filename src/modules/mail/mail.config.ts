import { resolve } from 'path';

/** Mail settings, read once from the environment. */
export interface MailConfig {
  /** nodemailer SMTP URL (`smtp://user:pass@host:587`, `smtps://...`); unset: no mail is sent. */
  smtpUrl?: string;
  from: string;
  /** Folders searched for templates, the shop's first. */
  templateFolders: string[];
  /** Where the shopper's reset link points; `token` and `email` are added to its query. */
  storeResetUrl: string;
  /** Where an admin user's reset link points; `token` is added to its query. */
  adminResetUrl: string;
}

export const SHIPPED_TEMPLATES = resolve(process.cwd(), 'templates/mail');

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || 'Store <no-reply@localhost>',
    templateFolders: [...(env.MAIL_TEMPLATES_DIR ? [resolve(env.MAIL_TEMPLATES_DIR)] : []), SHIPPED_TEMPLATES],
    storeResetUrl: env.MAIL_STORE_RESET_URL || 'http://localhost:8000/reset-password',
    adminResetUrl: env.MAIL_ADMIN_RESET_URL || 'http://localhost:7001/reset-password',
  };
}

/** `base` with `params` added to its query string. */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

import { resolve } from 'path';

/** Mail settings: AppConfig.mail (read in src/config/configuration.ts). */
export interface MailConfig {
  /** nodemailer SMTP URL (`smtp://user:pass@host:587`, `smtps://...`); unset: no mail is sent. */
  smtpUrl?: string;
  from: string;
  /** Folders searched for templates, the shop's first. */
  templateFolders: string[];
  /** Where the shopper's reset link points; `token` and `email` are added to its query. */
  storeResetUrl: string;
  /** Where the shopper's order claim link points; `token` is added to its query. */
  storeOrderClaimUrl: string;
  /** Where an admin user's reset link points; `token` is added to its query. */
  adminResetUrl: string;
  /** Where an invitation's link points (the admin's accept page); `token` is added to its query. */
  adminInviteUrl: string;
  /** Order mails (confirmations, gift-card codes) one recipient gets per hour, across orders and instances; the rest are not sent. */
  orderMailsPerRecipientPerHour: number;
}

export const SHIPPED_TEMPLATES = resolve(process.cwd(), 'templates/mail');

/** `base` with `params` added to its query string. */
export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

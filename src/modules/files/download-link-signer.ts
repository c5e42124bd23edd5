import { createHmac, timingSafeEqual } from 'crypto';

/**
 * Signed, expiring download tokens: `<base64url(key)>.<expires unix s>.<hmac>`. The HMAC
 * covers key and expiry with a secret derived from the app secret, so a link can be
 * neither altered nor extended, and no server-side state is needed: any instance verifies it.
 */
export class DownloadLinkSigner {
  private readonly secret: Buffer;

  constructor(appSecret: string) {
    this.secret = createHmac('sha256', appSecret).update('file-download-links').digest();
  }

  sign(key: string, expiresAt: number): string {
    const encodedKey = Buffer.from(key, 'utf8').toString('base64url');
    return `${encodedKey}.${expiresAt}.${this.mac(encodedKey, expiresAt)}`;
  }

  /** The key a token grants, or null when it is malformed, tampered with or expired. */
  verify(token: string, now = Math.floor(Date.now() / 1000)): string | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedKey, expiresRaw, mac] = parts;
    if (!/^\d{1,12}$/.test(expiresRaw)) return null;
    const expiresAt = Number(expiresRaw);
    const expected = Buffer.from(this.mac(encodedKey, expiresAt));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (expiresAt < now) return null;
    return Buffer.from(encodedKey, 'base64url').toString('utf8');
  }

  private mac(encodedKey: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${encodedKey}.${expiresAt}`).digest('base64url');
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import * as jwt from 'jsonwebtoken';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

export type TokenDomain = 'admin' | 'store';

export interface AdminTokenPayload {
  domain: 'admin';
  user_id: string;
  /** The account's token version when signed (absent in tokens from before versions: 0). */
  tv?: number;
}

export interface StoreTokenPayload {
  domain: 'store';
  customer_id: string;
  tv?: number;
  /** This token's own id: a password change may keep the token that asked for it. */
  jti?: string;
}

/** The token version a token was signed with. */
export function tokenVersionOf(payload: { tv?: unknown }): number {
  return typeof payload.tv === 'number' ? payload.tv : 0;
}

/**
 * HS256 tokens as Medusa's `POST /admin/auth/token` and `/store/auth/token` issue them,
 * plus the account's token version (`tv`): a token is honoured only while the account
 * exists and its version has not moved on (a password change raises it).
 */
@Injectable()
export class JwtService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  signAdmin(userId: string, tokenVersion: number): string {
    return jwt.sign({ user_id: userId, domain: 'admin', tv: tokenVersion }, this.config.jwtSecret, { expiresIn: '24h', algorithm: 'HS256' });
  }

  signStore(customerId: string, tokenVersion: number): string {
    return jwt.sign({ customer_id: customerId, domain: 'store', tv: tokenVersion, jti: randomUUID() }, this.config.jwtSecret, {
      expiresIn: '30d',
      algorithm: 'HS256',
    });
  }

  /** The payload of a valid, unexpired token of that domain, or undefined. */
  verify<T extends AdminTokenPayload | StoreTokenPayload>(token: string, domain: TokenDomain): T | undefined {
    try {
      const payload = jwt.verify(token, this.config.jwtSecret, { algorithms: ['HS256'] }) as Partial<T> & { domain?: string };
      if (payload?.domain !== domain) return undefined;
      return payload as T;
    } catch {
      return undefined;
    }
  }

  looksLikeJwt(token: string): boolean {
    return token.split('.').length === 3;
  }
}

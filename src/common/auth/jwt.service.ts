import { Inject, Injectable } from '@nestjs/common';
import * as jwt from 'jsonwebtoken';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

export type TokenDomain = 'admin' | 'store';

export interface AdminTokenPayload {
  domain: 'admin';
  user_id: string;
}

export interface StoreTokenPayload {
  domain: 'store';
  customer_id: string;
}

/** HS256 tokens as Medusa's `POST /admin/auth/token` and `/store/auth/token` issue them. */
@Injectable()
export class JwtService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  signAdmin(userId: string): string {
    return jwt.sign({ user_id: userId, domain: 'admin' }, this.config.jwtSecret, { expiresIn: '24h', algorithm: 'HS256' });
  }

  signStore(customerId: string): string {
    return jwt.sign({ customer_id: customerId, domain: 'store' }, this.config.jwtSecret, { expiresIn: '30d', algorithm: 'HS256' });
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

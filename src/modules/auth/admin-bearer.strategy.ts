import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AdminTokenPayload, JwtService, tokenVersionOf } from '../../common/auth/jwt.service';
import { UsersService } from '../users/users.service';
import type { RequestAuth } from '../../common/auth/auth.decorators';

/**
 * `Authorization: Bearer <token>` on /admin: either a JWT from POST /admin/auth/token or
 * a user's api_token (Medusa's `admin-bearer` and `admin-api-token` strategies).
 */
@Injectable()
export class AdminBearerStrategy extends PassportStrategy(Strategy, 'admin-bearer') {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
  ) {
    super();
  }

  async validate(token: string): Promise<RequestAuth | false> {
    if (this.jwt.looksLikeJwt(token)) {
      const payload = this.jwt.verify<AdminTokenPayload>(token, 'admin');
      if (!payload?.user_id) return false;
      // One primary-key read: a deleted user's tokens, and tokens from before a password change, stop working.
      const current = await this.users.tokenVersion(payload.user_id);
      return current !== undefined && current === tokenVersionOf(payload) ? { userId: payload.user_id, via: 'jwt' } : false;
    }
    const userId = await this.users.userIdForApiToken(token);
    return userId ? { userId, via: 'api_token' } : false;
  }
}

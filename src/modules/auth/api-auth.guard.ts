import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { CUSTOMER_REQUIRED, IS_PUBLIC, RequestAuth } from '../../common/auth/auth.decorators';
import { JwtService, StoreTokenPayload, tokenVersionOf } from '../../common/auth/jwt.service';
import { liveTokenVersion } from '../../common/auth/token-version';
import { ApiError } from '../../common/errors/api-error';
import { UsersService } from '../users/users.service';
import { User } from '../users/user.entity';

const AdminBearerGuard = AuthGuard('admin-bearer');

/**
 * The one authentication gate, registered globally so no route can be forgotten:
 * - every /admin route needs a user, unless marked @Public(): session cookie, then
 *   `Authorization: Bearer` (JWT or api_token, via passport-http-bearer), then
 *   `x-medusa-access-token` (what medusa-js sends as apiKey);
 * - every /store route learns the customer, if any, from the session or a store JWT;
 *   @CustomerRequired() routes answer 401 without one.
 * A customer identity never opens an admin route.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  private readonly bearer = new AdminBearerGuard();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & { auth?: RequestAuth; user?: unknown }>();
    const path = req.path ?? '';
    const flag = (key: string) => this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]);

    if (path.startsWith('/store')) {
      req.auth = await this.storeIdentity(req);
      if (flag(CUSTOMER_REQUIRED) && !req.auth.customerId) throw ApiError.unauthorized();
      return true;
    }
    if (!path.startsWith('/admin') || flag(IS_PUBLIC)) return true;

    const auth = await this.adminIdentity(context, req);
    if (!auth?.userId) throw ApiError.unauthorized();
    req.auth = auth;
    return true;
  }

  /**
   * Sessions are trusted as they are (a password change deletes the customer's other
   * sessions); a JWT costs one primary-key read, so a deleted customer's tokens, and tokens
   * from before a password change, identify nobody.
   */
  private async storeIdentity(req: Request): Promise<RequestAuth> {
    const sessionCustomer = req.session?.customer_id;
    if (sessionCustomer) return { customerId: sessionCustomer, via: 'session' };
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const payload = this.jwt.verify<StoreTokenPayload>(header.slice(7).trim(), 'store');
      if (payload?.customer_id) {
        const current = await liveTokenVersion(this.dataSource.manager, 'customer', payload.customer_id);
        if (current !== undefined && current === tokenVersionOf(payload)) return { customerId: payload.customer_id, via: 'jwt' };
      }
    }
    return {};
  }

  private async adminIdentity(context: ExecutionContext, req: Request & { user?: unknown }): Promise<RequestAuth | undefined> {
    const sessionUser = req.session?.user_id;
    // A session outlives nothing: a deleted user's cookie stops working at once.
    if (sessionUser && (await this.userExists(sessionUser))) return { userId: sessionUser, via: 'session' };

    if (req.headers.authorization?.startsWith('Bearer ')) {
      try {
        await this.bearer.canActivate(context);
        // A JWT's user and token version are checked by the bearer strategy.
        return req.user as RequestAuth;
      } catch {
        return undefined;
      }
    }

    const apiToken = req.headers['x-medusa-access-token'];
    if (typeof apiToken === 'string' && apiToken.length > 0) {
      const userId = await this.users.userIdForApiToken(apiToken);
      return userId ? { userId, via: 'api_token' } : undefined;
    }
    return undefined;
  }

  private async userExists(id: string): Promise<boolean> {
    return this.dataSource.getRepository(User).exists({ where: { id } });
  }
}

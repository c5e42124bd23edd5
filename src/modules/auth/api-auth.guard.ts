import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { ACCEPTS_MULTIPART, CUSTOMER_REQUIRED, IS_PUBLIC, RequestAuth, STARTS_SESSION } from '../../common/auth/auth.decorators';
import { CrossSiteWrites, WriteRules } from '../../common/auth/cross-site-writes';
import { JwtService, StoreTokenPayload, tokenVersionOf } from '../../common/auth/jwt.service';
import { sessionStoreIdentity } from '../../common/auth/session';
import { Surface, surfaceOf } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { liveStoreTokens } from '../customers/customers.repository';
import { UsersService } from '../users/users.service';
import { User } from '../users/user.entity';

const AdminBearerGuard = AuthGuard('admin-bearer');

/** Everything the guard needs to know about a handler, read once from its declaration. */
interface RoutePolicy extends WriteRules {
  surface: Surface | undefined;
  isPublic: boolean;
  customerRequired: boolean;
}

/**
 * The one authentication gate, registered globally so no route can be forgotten. What a
 * request needs depends on the surface its handler was declared on (src/common/auth/surface.ts),
 * never on the URL it arrived by:
 * - admin handlers need a user, unless marked @Public(): session cookie, then
 *   `Authorization: Bearer` (JWT or api_token, via passport-http-bearer), then
 *   `x-medusa-access-token` (what medusa-js sends as apiKey);
 * - store handlers learn the customer, if any, from the session or a store JWT;
 *   @CustomerRequired() handlers answer 401 without one;
 * - public handlers read no identity;
 * - a handler without a surface is refused (SurfaceCheck already fails the boot for it).
 * A customer identity never opens an admin route. Writes authenticated by the session
 * cookie must also pass CrossSiteWrites; a GET or HEAD learns whether it may do more
 * than read (ReadMayChangeState).
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  private readonly bearer = new AdminBearerGuard();
  private readonly crossSite: CrossSiteWrites;
  /** Per controller class, then per handler (an inherited handler may sit on two surfaces). */
  private readonly policies = new WeakMap<Function, WeakMap<Function, RoutePolicy>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.crossSite = new CrossSiteWrites(config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & { auth?: RequestAuth; user?: unknown }>();
    const policy = this.policyOf(context.getClass(), context.getHandler());

    switch (policy.surface) {
      case 'public':
        return true;
      case 'store': {
        const auth = await this.storeIdentity(req);
        req.auth = auth;
        if (policy.customerRequired && !auth.customerId) throw ApiError.unauthorized();
        this.crossSite.check(req, 'store', auth.via === 'session', policy);
        if (req.method === 'GET' || req.method === 'HEAD') auth.readMayChangeState = this.crossSite.readMayChangeState(req, 'store', auth.via === 'session');
        return true;
      }
      case 'admin': {
        if (policy.isPublic) {
          this.crossSite.check(req, 'admin', false, policy);
          return true;
        }
        const auth = await this.adminIdentity(context, req);
        if (!auth?.userId) throw ApiError.unauthorized();
        req.auth = auth;
        this.crossSite.check(req, 'admin', auth.via === 'session', policy);
        if (req.method === 'GET' || req.method === 'HEAD') auth.readMayChangeState = this.crossSite.readMayChangeState(req, 'admin', auth.via === 'session');
        return true;
      }
      default:
        throw ApiError.unauthorized();
    }
  }

  private policyOf(controller: Function, handler: Function): RoutePolicy {
    let byHandler = this.policies.get(controller);
    if (!byHandler) this.policies.set(controller, (byHandler = new WeakMap()));
    let policy = byHandler.get(handler);
    if (!policy) {
      const flag = (key: string) => this.reflector.getAllAndOverride<boolean>(key, [handler, controller]) === true;
      policy = {
        surface: surfaceOf(controller),
        isPublic: flag(IS_PUBLIC),
        customerRequired: flag(CUSTOMER_REQUIRED),
        startsSession: flag(STARTS_SESSION),
        multipart: flag(ACCEPTS_MULTIPART),
      };
      byHandler.set(handler, policy);
    }
    return policy;
  }

  /**
   * The session's customer first (sessionStoreIdentity); else a store JWT, which costs one
   * primary-key read, so a deleted customer's tokens, and tokens from before a password
   * change, identify nobody.
   */
  private async storeIdentity(req: Request): Promise<RequestAuth> {
    const fromSession = sessionStoreIdentity(req);
    if (fromSession) return fromSession;
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const payload = this.jwt.verify<StoreTokenPayload>(header.slice(7).trim(), 'store');
      if (payload?.customer_id) {
        const live = await liveStoreTokens(this.dataSource.manager, payload.customer_id);
        const kept = payload.jti !== undefined && payload.jti === live?.keptTokenId;
        if (live && (live.version === tokenVersionOf(payload) || kept)) return { customerId: payload.customer_id, via: 'jwt', tokenId: payload.jti };
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

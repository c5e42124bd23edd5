import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RequestAuth } from '../../common/auth/auth.decorators';
import type { RequestContext } from './carts.service';

/** The client address as request-ip finds it first (x-forwarded-for, x-real-ip), else the socket's. */
function clientIp(req: Request): string | undefined {
  const forwarded = req.header('x-forwarded-for');
  if (forwarded) return forwarded.split(',')[0].trim();
  return req.header('x-real-ip') ?? req.ip ?? req.socket?.remoteAddress;
}

/** The logged-in customer (if any), ip and user agent: what cart operations record or check. */
export const CartRequestContext = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestContext => {
  const req = ctx.switchToHttp().getRequest<Request & { auth?: RequestAuth }>();
  return { customerId: req.auth?.customerId, ip: clientIp(req), userAgent: req.header('user-agent') };
});

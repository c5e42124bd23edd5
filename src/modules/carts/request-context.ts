import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RequestAuth } from '../../common/auth/auth.decorators';
import { clientAddress } from '../../common/http/client-address';
import type { RequestContext } from './carts.service';

/** The logged-in customer (if any), ip and user agent: what cart operations record or check. */
export const CartRequestContext = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestContext => {
  const req = ctx.switchToHttp().getRequest<Request & { auth?: RequestAuth }>();
  return { customerId: req.auth?.customerId, ip: clientAddress(req), userAgent: req.header('user-agent') };
});

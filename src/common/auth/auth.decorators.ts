import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';
export const CUSTOMER_REQUIRED = 'auth:customer-required';
export const STARTS_SESSION = 'auth:starts-session';
export const ACCEPTS_MULTIPART = 'auth:accepts-multipart';

/** An /admin route anyone may call (login, token). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A /store route that needs a logged-in customer (session cookie or store JWT). */
export const CustomerRequired = () => SetMetadata(CUSTOMER_REQUIRED, true);

/** A login route that sets the session cookie: a write from a foreign Origin is refused even without a cookie. */
export const StartsSession = () => SetMetadata(STARTS_SESSION, true);

/** A route whose body may be multipart/form-data when authenticated by the session cookie (uploads). */
export const AcceptsMultipart = () => SetMetadata(ACCEPTS_MULTIPART, true);

/** The authenticated admin user's id. */
export const CurrentUserId = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest().auth?.userId;
});

/** The logged-in customer's id on /store routes, or undefined for a guest. */
export const CurrentCustomerId = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  return ctx.switchToHttp().getRequest().auth?.customerId;
});

export interface RequestAuth {
  userId?: string;
  customerId?: string;
  via?: 'session' | 'jwt' | 'api_token';
  /** The store JWT's id (`jti`), when the customer came by one. */
  tokenId?: string;
  /** GET/HEAD only: the request may change state besides reading (see ReadMayChangeState). */
  readMayChangeState?: boolean;
}

declare module 'express-session' {
  interface SessionData {
    user_id?: string;
    customer_id?: string;
  }
}

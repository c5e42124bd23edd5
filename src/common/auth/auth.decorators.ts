import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:public';
export const CUSTOMER_REQUIRED = 'auth:customer-required';

/** An /admin route anyone may call (login, token). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** A /store route that needs a logged-in customer (session cookie or store JWT). */
export const CustomerRequired = () => SetMetadata(CUSTOMER_REQUIRED, true);

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
}

declare module 'express-session' {
  interface SessionData {
    user_id?: string;
    customer_id?: string;
  }
}

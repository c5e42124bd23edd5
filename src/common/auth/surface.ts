import { applyDecorators, Controller, SetMetadata } from '@nestjs/common';

/**
 * The API surface a controller's handlers belong to, and so how the global guard
 * authenticates them:
 * - `admin`: an admin user is required (session, bearer JWT or api token), except on
 *   handlers marked @Public() (login, token);
 * - `store`: the customer, if any, is learnt from the session or a store JWT;
 *   @CustomerRequired() handlers need one;
 * - `public`: no identity at all (health, file downloads).
 *
 * The surface is read from where the handler is declared, never from the request's URL,
 * so a route reached under another spelling of its path is authenticated exactly as its
 * canonical form. A controller declared without a surface fails the boot
 * (SurfaceCheck), and the guard refuses its handlers.
 */
export type Surface = 'admin' | 'store' | 'public';

const SURFACE = 'auth:surface';

/** The first path segment of every admin and store route; CORS chooses its origins by it. */
export const ADMIN_PREFIX = 'admin';
export const STORE_PREFIX = 'store';

const join = (prefix: string, path: string) => (path ? `${prefix}/${path.replace(/^\/+/, '')}` : prefix);

/** `@AdminController('customers')`: handlers under /admin/customers, an admin user required. */
export const AdminController = (path = '') => applyDecorators(Controller(join(ADMIN_PREFIX, path)), SetMetadata(SURFACE, 'admin' satisfies Surface));

/** `@StoreController('carts')`: handlers under /store/carts, for shoppers and guests. */
export const StoreController = (path = '') => applyDecorators(Controller(join(STORE_PREFIX, path)), SetMetadata(SURFACE, 'store' satisfies Surface));

/** `@PublicController('health')`: handlers under /health, no identity read or required. */
export const PublicController = (path: string) => applyDecorators(Controller(path), SetMetadata(SURFACE, 'public' satisfies Surface));

/** The surface a controller class was declared with, if any. */
export function surfaceOf(controller: Function): Surface | undefined {
  return Reflect.getMetadata(SURFACE, controller) as Surface | undefined;
}

import type { INestApplication } from '@nestjs/common';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Every route the Express router knows, read from the running app (not from a list). */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const instance = app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
  return instance.router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) => Object.keys(layer.route!.methods).filter((m) => m !== '_all').map((method) => ({ method, path: layer.route!.path })));
}

/** A concrete URL for a route pattern, with every :param filled. */
export function concretePath(pattern: string, value = 'x_nonexistent'): string {
  return pattern.replace(/:[A-Za-z_]+/g, value);
}

import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner, ModulesContainer } from '@nestjs/core';

export interface RegisteredRoute {
  method: string;
  path: string;
}

/** Every route the Express router knows, read from the running app (not from a list). */
export function registeredRoutes(app: INestApplication): RegisteredRoute[] {
  const instance = app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
  return instance.router.stack
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route!.methods)
        .filter((m) => m !== '_all')
        .map((method) => ({ method, path: layer.route!.path })),
    );
}

/** A concrete URL for a route pattern, with every :param filled. */
export function concretePath(pattern: string, value = 'x_nonexistent'): string {
  return pattern.replace(/:[A-Za-z_]+/g, value);
}

export interface HandledRoute extends RegisteredRoute {
  /** The controller method, for reading its metadata with the Reflector. */
  handler: Function;
  controller: Function;
}

/**
 * Every route the Express router knows, paired with the controller method Nest mounted
 * there (read from the controllers' own metadata), so tests can ask the Reflector about a
 * route's decorators (e.g. @CustomerRequired()) instead of keeping a list.
 */
export function handledRoutes(app: INestApplication): HandledRoute[] {
  const mounted = new Set(registeredRoutes(app).map((r) => `${r.method} ${r.path}`));
  const scanner = new MetadataScanner();
  const found: HandledRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Function;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const prototype = controller.prototype as Record<string, Function>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase();
        for (const prefix of prefixes) {
          for (const path of ([] as string[]).concat(paths)) {
            const full = `/${[prefix, path]
              .map((p) => p.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/')}`;
            if (mounted.has(`${method} ${full}`)) found.push({ method, path: full, handler, controller });
          }
        }
      }
    }
  }
  return found;
}

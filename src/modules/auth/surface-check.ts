import { Injectable, OnModuleInit } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService } from '@nestjs/core';
import { ADMIN_PREFIX, STORE_PREFIX, Surface, surfaceOf } from '../../common/auth/surface';

const PREFIX_OF: Record<Surface, string | undefined> = { admin: ADMIN_PREFIX, store: STORE_PREFIX, public: undefined };

/**
 * Fails the boot when a controller has no API surface (or one that disagrees with its
 * path), naming the controller and the decorator to use. The guard also refuses such
 * handlers on every request, but a route that can never answer should not ship at all.
 */
@Injectable()
export class SurfaceCheck implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const problems = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype as Function | null)
      .filter((controller): controller is Function => !!controller)
      .map(surfaceProblem)
      .filter((problem): problem is string => !!problem);
    if (problems.length) throw new Error(problems.join('\n'));
  }
}

/** What is wrong with a controller's declared surface, or undefined. */
export function surfaceProblem(controller: Function): string | undefined {
  const paths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '/').map((p) => p.replace(/^\/+|\/+$/g, ''));
  const surface = surfaceOf(controller);
  if (!surface) {
    return (
      `${controller.name} (@Controller('${paths.join("', '")}')) declares no API surface, so the auth guard would refuse every request to it. ` +
      `Declare it with ${paths.map(suggestion).join(' / ')} from src/common/auth/surface.ts instead of @Controller().`
    );
  }
  const prefix = PREFIX_OF[surface];
  const outside = paths.filter((p) =>
    prefix ? p !== prefix && !p.startsWith(`${prefix}/`) : firstSegmentIs(p, ADMIN_PREFIX) || firstSegmentIs(p, STORE_PREFIX),
  );
  if (outside.length) {
    return `${controller.name} is on the ${surface} surface but serves '${outside.join("', '")}'; declare it with ${paths.map(suggestion).join(' / ')} from src/common/auth/surface.ts.`;
  }
  return undefined;
}

function firstSegmentIs(path: string, segment: string): boolean {
  return path.toLowerCase() === segment || path.toLowerCase().startsWith(`${segment}/`);
}

function suggestion(path: string): string {
  if (firstSegmentIs(path, ADMIN_PREFIX)) return `@AdminController('${path.slice(ADMIN_PREFIX.length + 1)}')`;
  if (firstSegmentIs(path, STORE_PREFIX)) return `@StoreController('${path.slice(STORE_PREFIX.length + 1)}')`;
  return `@PublicController('${path}') (only for routes anyone may call without an identity)`;
}

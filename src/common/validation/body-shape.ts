import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../errors/api-error';

/**
 * Bounds on the shape of a parsed request body, checked right after the body parser and
 * before class-transformer and class-validator walk it (they cost far more per key, some of
 * it quadratic in one object's keys, and recurse, so a deep body overflowed the stack).
 * Generous for every body Medusa's admin and storefront send: a product with hundreds of
 * variants stays well inside. Free-form fields have the tighter STORED_JSON_BOUNDS on top.
 */
export const BODY_SHAPE_LIMITS = {
  /** Levels of nesting of objects and arrays. */
  depth: 32,
  /** Keys of any one object. */
  keysPerObject: 1000,
  /** Object keys plus array entries in the whole body. */
  values: 20_000,
} as const;

/**
 * The first bound the value crosses, as a message, or null. Iterative, stops at the first
 * bound crossed: a body is refused after at most BODY_SHAPE_LIMITS.values steps.
 */
export function bodyShapeProblem(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const { depth, keysPerObject, values } = BODY_SHAPE_LIMITS;
  let seen = 0;
  const stack: Array<[object, number]> = [[body, 1]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (level > depth) return `The request body must not be nested more than ${depth} levels deep`;
    let children: unknown[];
    if (Array.isArray(node)) {
      children = node;
    } else {
      const keys = Object.keys(node);
      if (keys.length > keysPerObject) return `An object in the request body must not have more than ${keysPerObject} keys`;
      children = keys.map((key) => (node as Record<string, unknown>)[key]);
    }
    seen += children.length;
    if (seen > values) return `The request body must not hold more than ${values} values`;
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, level + 1]);
  }
  return null;
}

/** Express middleware after the body parsers: a body beyond BODY_SHAPE_LIMITS is a 400 invalid_data. */
export function boundedBodyShape(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const problem = bodyShapeProblem(req.body);
    next(problem ? ApiError.invalid(problem) : undefined);
  };
}

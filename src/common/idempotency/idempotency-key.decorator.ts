import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'crypto';
import { ApiError } from '../errors/api-error';
import type { IdempotentRequest } from './idempotency-keys.service';

const MAX_KEY_LENGTH = 255;

/**
 * The request's `Idempotency-Key` (a fresh v4 UUID when absent), echoed in the response
 * header at once so even an error response tells the client which key to retry with.
 * CORS already exposes the header (bootstrap.ts). Binds the key to method + path.
 */
export const IdempotencyKeyHeader = createParamDecorator((_: unknown, ctx: ExecutionContext): IdempotentRequest => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const res = ctx.switchToHttp().getResponse<Response>();
  const raw = req.header('idempotency-key');
  const given = typeof raw === 'string' ? raw.trim() : '';
  if (given.length > MAX_KEY_LENGTH) throw ApiError.invalid(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
  const key = given || randomUUID();
  res.setHeader('Idempotency-Key', key);
  return { key, method: req.method, path: req.path, minted: !given };
});

/** Sends a stored response with its recorded status (used with `@Res({ passthrough: true })`). */
export function withStatus<T>(res: Response, stored: { status: number; body: T }): T {
  res.status(stored.status);
  return stored.body;
}

import { createHash } from 'crypto';
import { applyDecorators, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../../config/configuration';

/**
 * Login attempts are limited per client IP and, separately, per email address, so
 * neither one address spraying many accounts nor many addresses hammering one account
 * gets far. Only routes marked @LoginThrottled() are counted.
 */
export function loginThrottlers(config: AppConfig): ThrottlerModuleOptions {
  const common = { ttl: config.loginThrottleTtlMs, limit: config.loginThrottleLimit };
  return {
    throttlers: [
      { name: 'login-ip', ...common, getTracker: (req: Record<string, unknown>) => String((req as unknown as Request).ip ?? 'unknown') },
      {
        name: 'login-email',
        ...common,
        getTracker: (req: Record<string, unknown>) => {
          const email = ((req as unknown as Request).body as { email?: unknown })?.email;
          return `email:${typeof email === 'string' ? email.toLowerCase() : ''}`;
        },
      },
    ],
    // One budget per IP and per email across every login route (admin and store, cookie and
    // token), so rotating between them gains nothing; hashed, so no email is stored.
    generateKey: (_context, tracker, name) => createHash('sha256').update(`${name}:${tracker}`).digest('hex'),
    errorMessage: 'Too many login attempts. Please try again later.',
  };
}

export const LoginThrottled = () => applyDecorators(UseGuards(ThrottlerGuard));

import type { Request } from 'express';

/** The origin the client used to reach us (honours X-Forwarded-* when trust proxy is on). */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host')}`;
}

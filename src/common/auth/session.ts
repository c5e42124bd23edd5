import type { Request } from 'express';
import { startSession } from '../http/session-on-demand';
import type { RequestAuth } from './auth.decorators';

/**
 * The store identity a request's session carries, trusted as it is (a password change
 * deletes the customer's other sessions): the guard (ApiAuthGuard) takes it before any
 * store token, and the cart response cache, which answers before the guard runs, asks the
 * same question here so both always agree on who the session's customer is.
 */
export function sessionStoreIdentity(req: Request): RequestAuth | undefined {
  const customerId = req.session?.customer_id;
  return customerId ? { customerId, via: 'session' } : undefined;
}

/**
 * Logs an identity into the session with a fresh session id (no fixation), keeping the
 * other surface's identity if the same browser is logged into both.
 */
export async function regenerateSessionWith(req: Request, values: { user_id?: string; customer_id?: string }): Promise<void> {
  // Requests without the session cookie skip express-session (see sessionOnDemand).
  await startSession(req);
  const keep = { user_id: req.session?.user_id, customer_id: req.session?.customer_id };
  return new Promise((resolve, reject) => {
    req.session.regenerate((err) => {
      if (err) return reject(err);
      Object.assign(req.session, { ...keep, ...values });
      req.session.save((saveErr) => (saveErr ? reject(saveErr) : resolve()));
    });
  });
}

/** Removes one identity; destroys the whole session when nothing is left in it. */
export function logoutFromSession(req: Request, key: 'user_id' | 'customer_id'): Promise<void> {
  const other = key === 'user_id' ? 'customer_id' : 'user_id';
  return new Promise((resolve, reject) => {
    if (req.session?.[other]) {
      delete req.session[key];
      req.session.save((err) => (err ? reject(err) : resolve()));
    } else {
      req.session.destroy((err) => (err ? reject(err) : resolve()));
    }
  });
}

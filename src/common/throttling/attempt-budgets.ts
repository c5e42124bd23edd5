import { createHash } from 'crypto';
import { HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, concatMap, from, map, Observable, of, throwError } from 'rxjs';
import type { AttemptCount, PgAttemptCounters } from './pg-attempt-counters';

/** Counter keys are hashes: no email or address is stored in the clear. */
export const throttleKey = (...parts: string[]): string => createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** At most `limit` attempts under `key` per window. */
export interface AttemptBudget {
  key: string;
  limit: number;
}

/**
 * Takes one attempt's place in every budget at once (one atomic statement, so attempts
 * running at the same moment, on any number of instances, never pass a budget together).
 * When that puts any budget over its limit, the places are given back and the answer is
 * the seconds until the fullest such budget's window ends; otherwise 0, the places kept
 * (give them back with `counters.release` if the attempt turns out not to count).
 */
export async function reserveAttempt(
  counters: PgAttemptCounters,
  budgets: AttemptBudget[],
  ttlMs: number,
): Promise<{ retryAfter: number; counts: Map<string, AttemptCount> }> {
  const keys = budgets.map((b) => b.key);
  const counts = await counters.add(keys, ttlMs);
  const retryAfter = Math.max(
    0,
    ...budgets.map((b) => {
      const count = counts.get(b.key);
      return count && count.hits > b.limit ? count.expiresIn : 0;
    }),
  );
  if (retryAfter > 0) await counters.release(keys);
  return { retryAfter, counts };
}

/** The 429 answer (`too_many_requests`), with Retry-After when the response is at hand. */
export function tooManyRequests(message: string, retryAfterSeconds: number, res?: Response): HttpException {
  res?.setHeader('Retry-After', String(Math.max(1, retryAfterSeconds)));
  return new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * Settles an attempt counted in advance by what its handler did: an error `isFailure`
 * accepts leaves it counted (a wrong password, an order not found), a success runs
 * `succeeded`, any other error (a 400 of the request's shape, a failure of ours) runs
 * `notCounted`. The handler's own answer or error goes on unchanged.
 */
export function settleAttempt<T>(
  handled: Observable<T>,
  outcome: { isFailure: (err: unknown) => boolean; succeeded: () => Promise<void>; notCounted: () => Promise<void> },
): Observable<T> {
  return handled.pipe(
    concatMap((value) => from(outcome.succeeded()).pipe(map(() => value))),
    catchError((err) => (outcome.isFailure(err) ? of(undefined) : from(outcome.notCounted())).pipe(concatMap(() => throwError(() => err)))),
  );
}

/**
 * Statements that background work sends while a test counts a request's statements: the job
 * queue's polling (pg-boss), the event relay (every statement tagged `event-relay`), the
 * webhook lease sweep's probe (tagged `webhook-lease-sweep`) and the pool's liveness probe. On a loaded machine they land inside any window, so a count that
 * includes them flakes.
 */
export const isBackgroundStatement = (text: string): boolean => /pgboss|event-relay|webhook-lease-sweep/i.test(text) || text.trim() === 'SELECT 1';

import type { DataSource } from 'typeorm';

/**
 * Waits until every committed event has been handed over and every delivery job of the
 * event bus's lanes (queues `event-delivery*`) has finished: after it, the subscribers (the
 * mails) have done all they will do for what happened so far.
 */
export async function eventsSettled(dataSource: DataSource, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await dataSource.query(
      `SELECT (SELECT count(*) FROM outbox_event WHERE dispatched_at IS NULL)
            + (SELECT count(*) FROM pgboss.job WHERE name LIKE 'event-delivery%' AND state IN ('created', 'retry', 'active'))::int AS n`,
    );
    if (Number(n) === 0) return;
    if (Date.now() > until) throw new Error(`${n} events or deliveries still pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

import type { TestApp } from './app';

/** Polls `read` until `done` holds (a change notice travels asynchronously); bounded at 5 s. */
export async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 200; i++) {
    last = await read();
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${what}: still not seen, last value ${JSON.stringify(last)}`);
}

/** A write that fires no trigger (session_replication_role = replica), so no instance hears of it. */
export async function silentWrite(app: TestApp, sql: string, params: unknown[] = []): Promise<void> {
  await app.dataSource.transaction(async (m) => {
    await m.query(`SET LOCAL session_replication_role = replica`);
    await m.query(sql, params);
  });
}

import { Client } from 'pg';
import { QUEUE_SCHEMA, QueueService } from '../../../src/modules/queue/queue.service';
import { createTestDatabase, dropTestDatabase, testConfig } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';

/**
 * Several instances booting at once on a new database (a first deploy scaled to N, a
 * rolling restart after the queue schema was reset) each create the queues; PostgreSQL
 * may pick one of those creates as a deadlock victim, and that instance must still boot.
 */
describe('queue definitions when several instances boot at once', () => {
  let name: string;
  let url: string;

  beforeAll(async () => {
    name = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, name);
  });

  afterAll(async () => {
    await dropTestDatabase(name);
  });

  async function resetQueueSchema(): Promise<void> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${QUEUE_SCHEMA} CASCADE`);
    } finally {
      await client.end();
    }
  }

  async function queueNames(): Promise<string[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(`SELECT name FROM ${QUEUE_SCHEMA}.queue ORDER BY name`)).rows.map((r: { name: string }) => r.name);
    } finally {
      await client.end();
    }
  }

  type Creating = { createQueue: (...args: unknown[]) => Promise<unknown> };
  const bossOf = (queue: QueueService) => (queue as unknown as { boss: Creating }).boss;

  it('every instance defines the same queues without an error, round after round', async () => {
    let deadlocksSeen = 0;
    let injected = 0;
    for (let round = 0; round < 4; round++) {
      await resetQueueSchema();
      const instances = Array.from({ length: 8 }, () => new QueueService(testConfig(url)));
      try {
        // The first call starts pg-boss (its own schema creation is serialised by pg-boss).
        await Promise.all(instances.map((queue) => queue.define(`first-${round}`)));
        // Every create is watched for the deadlocks PostgreSQL picks; one instance per round is
        // also handed one (its first create fails as a deadlock victim's does, before any write),
        // so the retry is exercised whether or not PostgreSQL happens to pick a victim this time.
        instances.forEach((queue, i) => {
          const boss = bossOf(queue);
          const create = boss.createQueue.bind(boss);
          let first = i === round;
          boss.createQueue = async (...args: unknown[]) => {
            if (first) {
              first = false;
              injected++;
              throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
            }
            try {
              return await create(...args);
            } catch (err) {
              if ((err as { code?: string }).code === '40P01') deadlocksSeen++;
              throw err;
            }
          };
        });
        const outcomes = await Promise.allSettled(
          instances.map(async (queue) => {
            await queue.define(`dead-letter-${round}`);
            await queue.define(`work-${round}`, { deadLetter: `dead-letter-${round}` });
          }),
        );
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
        // The queues exist afterwards, once each.
        expect(await queueNames()).toEqual([`dead-letter-${round}`, `first-${round}`, `work-${round}`]);
      } finally {
        await Promise.all(instances.map((queue) => queue.beforeApplicationShutdown()));
      }
    }
    expect(injected).toBe(4);
    // PostgreSQL does pick victims among eight simultaneous creates (dozens over four rounds here),
    // so the retry was needed for real, not only for the injected one.
    expect(deadlocksSeen).toBeGreaterThan(0);
  }, 120_000);
});

import { Client } from 'pg';
import { QUEUE_SCHEMA, QueueService } from '../../../src/modules/queue/queue.service';
import { createTestDatabase, dropTestDatabase } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';

/**
 * Several instances booting at once on a new database (a first deploy scaled to N, a
 * rolling restart after the queue schema was reset) each create the queues; PostgreSQL
 * may pick one of those creates as a deadlock victim, and that instance must still boot.
 */
describe('queue definitions when several instances boot at once', () => {
  let name: string;
  let url: string;
  const previousUrl = process.env.DATABASE_URL;

  beforeAll(async () => {
    name = await createTestDatabase();
    url = databaseUrl(process.env.TEST_PG_SERVER_URL!, name);
    process.env.DATABASE_URL = url;
  });

  afterAll(async () => {
    process.env.DATABASE_URL = previousUrl;
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

  it('every instance defines the same queues without an error, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      await resetQueueSchema();
      const instances = Array.from({ length: 8 }, () => new QueueService());
      try {
        // The first call starts pg-boss (its own schema creation is serialised by pg-boss).
        await Promise.all(instances.map((queue) => queue.define(`first-${round}`)));
        const outcomes = await Promise.allSettled(
          instances.map(async (queue) => {
            await queue.define(`dead-letter-${round}`);
            await queue.define(`work-${round}`, { deadLetter: `dead-letter-${round}` });
          }),
        );
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      } finally {
        await Promise.all(instances.map((queue) => queue.beforeApplicationShutdown()));
      }
    }
  }, 120_000);
});

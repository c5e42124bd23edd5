/**
 * Event delivery benchmark (issue 33; not a test, never part of `npm test`): how many events
 * a second ONE instance hands from the outbox to a webhook endpoint on this machine.
 *
 *   npm run bench:events -- --events 5000 [--concurrency 2] [--endpoints 1] [--aggregates 0]
 *
 * A fresh database `bench_events` (DATABASE_URL's server, or an embedded PostgreSQL) gets
 * `--events` pending `customer.created` events in its outbox (a backlog, as after an outage)
 * and `--endpoints` enabled webhook endpoints listening to them, all on a receiver in this
 * process (127.0.0.1, answering 200 at once and checking each signature). Then the API boots
 * as `npm run start:prod` does (QUEUE_CONCURRENCY from `--concurrency`, the production
 * default 2 otherwise) and the clock runs from the first delivery received to the last:
 * relaying, writing the deliveries, one signed POST each and its bookkeeping. Every event
 * is about a resource of its own unless `--aggregates N` spreads them over N resources
 * (then the per-resource order applies: a resource's deliveries go one after another).
 * The endpoint is written straight into the database: in production the API registers
 * only https URLs, and the receiver here is plain http on loopback (WEBHOOKS_ALLOW_PRIVATE).
 */
import { createHmac, randomBytes } from 'crypto';
import { createServer } from 'http';
import { AddressInfo } from 'net';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { runMigrations } from '../src/database/migrate';
import { flag, productionNodeFlags, startApi } from './api-process';

const DATABASE = 'bench_events';

async function main(): Promise<void> {
  const events = Number(flag('events', '5000'));
  const endpoints = Number(flag('endpoints', '1'));
  const concurrency = flag('concurrency', '');
  const aggregates = Number(flag('aggregates', '0'));
  let serverUrl = process.env.DATABASE_URL;
  let embedded: { stop(): Promise<void> } | undefined;
  if (!serverUrl) {
    const db = await startEmbeddedPostgres({ dataDir: '.data/bench-postgres', port: 0, database: 'postgres' });
    embedded = db;
    serverUrl = db.url;
  }
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const dbUrl = url.toString();
  await runMigrations(dbUrl);

  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = events * endpoints;
  let received = 0;
  let badSignatures = 0;
  let first = 0;
  let last = 0;
  const ids = new Set<string>();
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const signature = createHmac('sha256', key).update(`${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${body}`).digest('base64');
      if (req.headers['webhook-signature'] !== `v1,${signature}`) badSignatures++;
      ids.add(String(req.headers['webhook-id']));
      res.end();
      last = Date.now();
      if (received++ === 0) first = last;
      if (received === expected) finished();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO webhook_endpoint (id, url, events, secret) SELECT 'whe_bench_' || i, $1, ARRAY['customer.created'], $2 FROM generate_series(1, $3) i`,
      [hook, secret, endpoints],
    );
    await db.query(
      `INSERT INTO outbox_event (id, name, data)
       SELECT 'evt_bench_' || lpad(i::text, 8, '0'), 'customer.created',
              jsonb_build_object('id', 'cus_bench_' || CASE WHEN $2 > 0 THEN i % $2 ELSE i END, 'email', 'c' || i || '@bench.example')
         FROM generate_series(1, $1) i ORDER BY i`,
      [events, aggregates],
    );
  } finally {
    await db.end();
  }

  console.log(
    `${events} pending events, ${endpoints} endpoint(s): ${expected} deliveries; ${aggregates > 0 ? `${aggregates} resources` : 'one resource per event'}; QUEUE_CONCURRENCY ${concurrency || 'default'}`,
  );
  const api = await startApi({
    dbUrl,
    nodeFlags: productionNodeFlags(),
    env: { WEBHOOKS_ALLOW_PRIVATE: 'true', ...(concurrency ? { QUEUE_CONCURRENCY: concurrency } : {}) },
  });
  try {
    const timeout = setTimeout(finished, 30 * 60_000);
    const progress = setInterval(() => console.log(`  ${received} / ${expected} received`), 5000);
    await done;
    clearTimeout(timeout);
    clearInterval(progress);
  } finally {
    await api.stop();
    receiver.close();
    await embedded?.stop();
  }
  const seconds = (last - first) / 1000;
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      events,
      endpoints,
      aggregates: aggregates || events,
      concurrency: concurrency || 'default (2)',
      received,
      distinct_webhook_ids: ids.size,
      bad_signatures: badSignatures,
      seconds,
      deliveries_per_second: Math.round(received / seconds),
    }),
  );
  if (received !== expected || ids.size !== expected || badSignatures > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

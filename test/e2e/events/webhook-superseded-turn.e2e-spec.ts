import { createServer, Server } from 'http';
import { AddressInfo } from 'net';
import { QueueService } from '../../../src/modules/queue/queue.service';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';

const CART_QUEUE = 'webhook-delivery-cart';

async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met in ${timeoutMs} ms; last: ${String(JSON.stringify(value)).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/*
 * A cart's waiting `cart.updated` can be superseded (webhook-fan-out.ts) after its
 * predecessor's settlement already handed it the turn: the relay's UPDATE and the
 * settlement's hand-over race on the row. Its job must then pass the turn on to the cart's
 * next delivery, or that one (the cart's newest state) is never sent; and it must leave a
 * successor whose attempt is in flight alone, or that attempt is fenced out of recording.
 * The race is set up in the rows the two transactions leave behind.
 */
describe("Webhooks: a superseded delivery's job passes its cart's turn on", () => {
  let t: TestApp;
  let shop: Shop;
  let receiver: Server;
  const arrivals: Array<{ webhookId: string; n: number }> = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { data: { context?: { n?: number } } };
        arrivals.push({ webhookId: String(req.headers['webhook-id']), n: Number(parsed.data.context?.n) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAY_SECONDS: '0' });
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
    const admin = await adminAgent(t);
    await admin
      .post('/admin/webhooks')
      .send({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['cart.updated'] })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** A cart with three `cart.updated` deliveries, each sent before the next update: ids in event order. */
  async function cartWithThreeDeliveries(): Promise<string[]> {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    for (let n = 1; n <= 3; n++) {
      await t.http().post(`/store/carts/${cart.id}`).send({ context: { n } }).expect(200);
      await eventually(
        () => arrivals.filter((a) => a.n === n && a.webhookId.length > 0),
        (got) => got.length > 0,
      );
    }
    const rows: Array<{ id: string }> = await eventually(
      () => t.dataSource.query(`SELECT id FROM webhook_delivery WHERE aggregate_id = $1 AND status = 'succeeded' ORDER BY event_seq`, [cart.id]),
      (got) => got.length === 3,
    );
    arrivals.length = 0;
    return rows.map((r) => r.id);
  }

  /** B superseded after it was handed the turn: a job of its own (new job id), as the hand-over left it. */
  async function supersedeWithItsTurn(id: string): Promise<string> {
    // An UPDATE's query answers [rows, count].
    const [[{ job_id }]] = await t.dataSource.query(
      `UPDATE webhook_delivery SET status = 'superseded', job_id = gen_random_uuid(), delivered_at = NULL WHERE id = $1 RETURNING job_id::text AS job_id`,
      [id],
    );
    await t.app.get(QueueService).sendOnOwnConnection(CART_QUEUE, { delivery_id: id }, { id: job_id });
    t.app.get(QueueService).wake(CART_QUEUE);
    return job_id;
  }

  /** A job's state, in the queue's table or, once archived, in its archive. */
  const jobState = async (id: string): Promise<string | undefined> =>
    (await t.dataSource.query(`SELECT state FROM pgboss.job WHERE id = $1 UNION ALL SELECT state FROM pgboss.archive WHERE id = $1`, [id]))[0]?.state as
      string | undefined;

  it("the cart's next delivery, left without a job, is sent by the superseded one's job", async () => {
    const [, superseded, newest] = await cartWithThreeDeliveries();
    // The newest is waiting with no live job (its own found the superseded one still open and ended).
    await t.dataSource.query(
      `UPDATE webhook_delivery SET status = 'pending', attempts = 0, job_id = gen_random_uuid(), delivered_at = NULL, response_status = NULL WHERE id = $1`,
      [newest],
    );
    const job = await supersedeWithItsTurn(superseded);

    await eventually(
      () => jobState(job),
      (state) => state === 'completed',
    );
    const sent = await eventually(
      () => arrivals.filter((a) => a.webhookId === newest),
      (got) => got.length === 1,
    );
    expect(sent[0].n).toBe(3);
    await eventually(
      async () => (await t.dataSource.query(`SELECT status, attempts FROM webhook_delivery WHERE id = $1`, [newest]))[0],
      (row) => row.status === 'succeeded' && row.attempts === 1,
    );
    expect(arrivals.filter((a) => a.webhookId === superseded)).toHaveLength(0);
  });

  it('a successor whose attempt is in flight keeps its job: its attempt can still record its answer', async () => {
    const [, superseded, newest] = await cartWithThreeDeliveries();
    // The newest is being attempted (claimed: counted and leased) by its own job.
    const [[{ job_id: inFlightJob }]] = await t.dataSource.query(
      `UPDATE webhook_delivery SET status = 'pending', attempts = 1, leased_until = now() + interval '1 hour', job_id = gen_random_uuid(), delivered_at = NULL
        WHERE id = $1 RETURNING job_id::text AS job_id`,
      [newest],
    );
    const job = await supersedeWithItsTurn(superseded);

    await eventually(
      () => jobState(job),
      (state) => state === 'completed',
    );
    const [row] = await t.dataSource.query(`SELECT job_id::text AS job_id, attempts FROM webhook_delivery WHERE id = $1`, [newest]);
    expect(row).toEqual({ job_id: inFlightJob, attempts: 1 });
    expect(arrivals).toHaveLength(0);
  });
});

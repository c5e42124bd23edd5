import { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';
import { createShop, Shop } from '../../factories/cart.factory';
import { placeOrder, WELL_STOCKED } from '../../factories/placed-order.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';

/** A real SMTP server on a free port, keeping every mail it accepts (recipients and raw text). */
async function startSmtpServer() {
  const mails: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('Mail to the shopper after checkout: shipment (with tracking numbers) and cancellation, no_notification respected', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let shop: Shop;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  const mailsTo = (address: string, subject: RegExp) => smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.raw));
  const waitFor = async (address: string, subject: RegExp) => {
    for (let i = 0; i < 300; i++) {
      const got = mailsTo(address, subject);
      if (got.length > 0) return got;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail ${subject} to ${address}`);
  };
  /** Waits until every event of the order was handed to its subscribers, so an absent mail is really absent. */
  const settled = async (orderId: string) => {
    for (let i = 0; i < 300; i++) {
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_event WHERE data->>'id' = $1 AND dispatched_at IS NULL`, [orderId]);
      if (n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 500));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Shop <shop@test.com>',
    });
    admin = await adminAgent(t);
    shop = await createShop(t.dataSource.manager, WELL_STOCKED);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the shipment with its tracking numbers', async () => {
    const order = await placeOrder(t, shop, { quantity: 1, email: 'shipped@test.com' });
    const fulfilled = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: order.items[0].id, quantity: 1 }] })
      .expect(200);
    await admin
      .post(`/admin/orders/${order.id}/shipment`)
      .send({ fulfillment_id: fulfilled.body.order.fulfillments[0].id, tracking_numbers: ['TRACK-123'] })
      .expect(200);
    const [mail] = await waitFor('shipped@test.com', /^Subject: Order #\d+ is on its way/m);
    expect(mail.raw).toContain(`Your order #${order.display_id} has been shipped.`);
    expect(mail.raw).toContain('Tracking number: TRACK-123');
  });

  it('sends no shipment mail when the shipment says no_notification', async () => {
    const order = await placeOrder(t, shop, { quantity: 1, email: 'quiet@test.com' });
    const fulfilled = await admin
      .post(`/admin/orders/${order.id}/fulfillment`)
      .send({ items: [{ item_id: order.items[0].id, quantity: 1 }] })
      .expect(200);
    await admin.post(`/admin/orders/${order.id}/shipment`).send({ fulfillment_id: fulfilled.body.order.fulfillments[0].id, no_notification: true }).expect(200);
    await admin.post(`/admin/orders/${order.id}/fulfillments/${fulfilled.body.order.fulfillments[0].id}/cancel`).expect(400);
    await settled(order.id);
    expect(mailsTo('quiet@test.com', /is on its way/)).toEqual([]);
  });

  it('mails the cancellation, unless the order says no_notification', async () => {
    const order = await placeOrder(t, shop, { quantity: 1, email: 'canceled@test.com' });
    await admin.post(`/admin/orders/${order.id}/cancel`).expect(200);
    const [mail] = await waitFor('canceled@test.com', /^Subject: Order #\d+ has been canceled/m);
    expect(mail.raw).toContain(`Your order #${order.display_id} has been canceled.`);

    const quiet = await placeOrder(t, shop, { quantity: 1, email: 'quiet-cancel@test.com' });
    await admin.post(`/admin/orders/${quiet.id}`).send({ no_notification: true }).expect(200);
    await admin.post(`/admin/orders/${quiet.id}/cancel`).expect(200);
    await settled(quiet.id);
    expect(mailsTo('quiet-cancel@test.com', /has been canceled/)).toEqual([]);
  });
});

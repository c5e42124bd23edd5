import * as jwt from 'jsonwebtoken';
import type { DataSource } from 'typeorm';
import { generateEntityId } from '../../../src/common/database/ids';
import { createShop, customerAuth, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { eventsSettled } from '../../helpers/event-delivery';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';

/** The tables holding `needle` anywhere in a row (each row read as text), as reset-token-storage scans them. */
async function tablesContaining(dataSource: DataSource, needle: string): Promise<string[]> {
  const tables: Array<{ name: string }> = await dataSource.query(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM ${name} AS r WHERE strpos(r::text, $1) > 0`, [needle]);
    if (n > 0) found.push(name);
  }
  return found;
}

/**
 * POST /store/orders/batch/customer/token and /store/orders/customer/confirm (Medusa v1's
 * order claim): a registered customer asks for the guest orders placed with their email, a
 * mail to that email carries a token, the token moves the orders to the customer once.
 */
describe('Store: a customer claims the guest orders placed with their email', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let shop: Shop;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ ...FAST_QUEUE_ENV, EVENTS_POLL_INTERVAL_MS: '100', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    shop = await createShop(t.dataSource.manager);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A guest's order placed with `email` (plain rows: only its owner and email matter here). */
  const guestOrder = async (email: string): Promise<string> => {
    const guest = await createCustomer(t.dataSource.manager, { email });
    const id = generateEntityId('order');
    await t.dataSource.query('INSERT INTO "order" (id, customer_id, email, region_id, currency_code) VALUES ($1, $2, $3, $4, $5)', [
      id,
      guest.id,
      email,
      shop.region.id,
      shop.region.currency_code,
    ]);
    return id;
  };
  const registered = async (email: string) => {
    const customer = await createCustomer(t.dataSource.manager, { email, password: 'secret' });
    return { id: customer.id, auth: customerAuth(t, customer.id) };
  };
  const ownerOf = async (orderId: string): Promise<string> =>
    (await t.dataSource.query('SELECT customer_id FROM "order" WHERE id = $1', [orderId]))[0].customer_id;
  const claimTokens = async () =>
    Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM outbox_event WHERE name = 'order-update-token.created'`))[0].n);
  const mailedToken = async (email: string, count = 1) => {
    const mails = await smtp.mailTo(email, count);
    return /[?&]token=([\w.-]+)/.exec(mails[count - 1].text)![1];
  };

  it('mails a token to the email, which moves the order to the customer once, and no table holds the token', async () => {
    const orderId = await guestOrder('ada@test.com');
    const ada = await registered('ada@test.com');

    const claim = await t
      .http()
      .post('/store/orders/batch/customer/token')
      .set(ada.auth)
      .send({ order_ids: [orderId] })
      .expect(200);
    expect(claim.text).toBe('OK');
    const token = await mailedToken('ada@test.com');
    expect(jwt.decode(token)).toMatchObject({ claimingCustomerId: ada.id, orders: [orderId] });

    await eventsSettled(t.dataSource);
    const signature = token.split('.')[2];
    expect(await tablesContaining(t.dataSource, token)).toEqual([]);
    expect(await tablesContaining(t.dataSource, signature)).toEqual([]);
    expect(await tablesContaining(t.dataSource, 'order-update-token.created')).toContain('public.outbox_event');

    const confirm = await t.http().post('/store/orders/customer/confirm').send({ token }).expect(200);
    expect(confirm.text).toBe('OK');
    expect(await ownerOf(orderId)).toBe(ada.id);
    const mine = await t.http().get('/store/customers/me/orders').set(ada.auth).expect(200);
    expect(mine.body.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const updated = await t.dataSource.query(`SELECT data FROM outbox_event WHERE name = 'order.updated' AND data->>'id' = $1`, [orderId]);
    expect(updated).toHaveLength(1);

    const reused = await t.http().post('/store/orders/customer/confirm').send({ token }).expect(401);
    expect(reused.body).toEqual({ type: 'unauthorized', message: 'Invalid or expired order claim token' });
  });

  it("leaves out another email's orders and orders already owned: OK, but no event, no mail", async () => {
    const someoneElses = await guestOrder('grace@test.com');
    const bob = await registered('bob@test.com');
    // Placed with bob's email by an account that changed its email since: not a guest's order.
    const otherAccount = await registered('former-bob@test.com');
    const accountsOrder = await guestOrder('bob@test.com');
    await t.dataSource.query('UPDATE "order" SET customer_id = $1 WHERE id = $2', [otherAccount.id, accountsOrder]);
    const before = await claimTokens();
    await t
      .http()
      .post('/store/orders/batch/customer/token')
      .set(bob.auth)
      .send({ order_ids: [someoneElses, accountsOrder, 'order_unknown'] })
      .expect(200);
    expect(await claimTokens()).toBe(before);

    // A token Medusa would have made (signed with the JWT secret itself) moves nothing here.
    const forged = jwt.sign({ claimingCustomerId: bob.id, orders: [someoneElses] }, t.app.get('APP_CONFIG').jwtSecret, { expiresIn: '15m' });
    await t.http().post('/store/orders/customer/confirm').send({ token: forged }).expect(401);
    await eventsSettled(t.dataSource);
    expect(await ownerOf(someoneElses)).not.toBe(bob.id);
    expect(await ownerOf(accountsOrder)).toBe(otherAccount.id);
    expect(smtp.mails.filter((m) => m.to.includes('grace@test.com') || m.to.includes('bob@test.com'))).toEqual([]);
  });

  it('refuses guests (401), malformed bodies and more than 50 orders (400), as Medusa words them', async () => {
    const cara = await registered('cara@test.com');
    await t
      .http()
      .post('/store/orders/batch/customer/token')
      .send({ order_ids: ['order_x'] })
      .expect(401);
    const missing = await t.http().post('/store/orders/batch/customer/token').set(cara.auth).send({}).expect(400);
    expect(missing.body).toMatchObject({ type: 'invalid_data' });
    expect(missing.body.message).toMatch(/^each value in order_ids must be a string, each value in order_ids should not be empty/);
    await t.http().post('/store/orders/batch/customer/token').set(cara.auth).send({ order_ids: 'order_x' }).expect(400);
    const many = Array.from({ length: 51 }, (_, i) => `order_${i}`);
    const tooMany = await t.http().post('/store/orders/batch/customer/token').set(cara.auth).send({ order_ids: many }).expect(400);
    expect(tooMany.body.message).toBe('order_ids must not have more than 50 entries');
    const notJwt = await t.http().post('/store/orders/customer/confirm').send({ token: 'abc' }).expect(400);
    expect(notJwt.body.message).toBe('token must be a jwt string');
  });

  it('limits claim requests per customer (429 past the hour budget)', async () => {
    const dora = await registered('dora@test.com');
    const orderId = await guestOrder('dora@test.com');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await t
            .http()
            .post('/store/orders/batch/customer/token')
            .set(dora.auth)
            .send({ order_ids: [orderId] })
        ).status,
      );
    // PASSWORD_RESET_MAILS_PER_HOUR defaults to 3.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('Store: refused order claim tokens are limited per client address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_THROTTLE_ADDRESS_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address has had its refused tokens', async () => {
    const forged = (i: number) => jwt.sign({ claimingCustomerId: `cus_${i}`, orders: ['order_x'] }, 'not-the-secret');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await t
            .http()
            .post('/store/orders/customer/confirm')
            .send({ token: forged(i) })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await t
      .http()
      .post('/store/orders/customer/confirm')
      .send({ token: forged(9) })
      .expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

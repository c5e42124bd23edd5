import { randomBytes } from 'crypto';
import { createBareOrders } from '../../factories/bare-order.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * `GET /store/orders?display_id=&email=` answers a whole order (name, address, phone,
 * items) and display ids are sequential, so an attacker who knows a shopper's email could
 * walk the numbers. Failed lookups are limited as failed logins are, with the defaults
 * (ORDER_LOOKUP_THROTTLE_LIMIT 10 per email from anywhere, ORDER_LOOKUP_THROTTLE_ADDRESS_LIMIT
 * 50 per client address, within an hour); past a budget every lookup is a 429, the right
 * one too. Lookups that find their order are never counted. Client addresses are simulated
 * with X-Forwarded-For where the app trusts one proxy hop.
 */
const EMAIL_LIMIT = 10;
const ADDRESS_LIMIT = 50;
const TOO_MANY = { type: 'too_many_requests', message: 'Too many order lookups. Please try again later.' };

let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const freshEmail = () => `nobody-${randomBytes(4).toString('hex')}@test.com`;

describe('Order lookup by display id and email: failed guesses are limited per email and per address', () => {
  let t: TestApp;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    regionId = (await createRegion(t.dataSource.manager)).id;
  });
  afterAll(() => t.close());

  /** A placed order of a shopper of its own: its number and email. */
  async function victimsOrder(): Promise<{ displayId: number; email: string }> {
    const [id] = await createBareOrders(t.dataSource.manager, regionId, 1);
    const [row] = await t.dataSource.query('SELECT display_id, email FROM "order" WHERE id = $1', [id]);
    return { displayId: row.display_id, email: row.email };
  }
  const lookup = (ip: string, displayId: number, email: string) =>
    t
      .http()
      .get(`/store/orders?display_id=${displayId}&email=${encodeURIComponent(email)}`)
      .set('X-Forwarded-For', ip);
  /** Numbers the attacker walks past the order's: never the right one. */
  const wrongNumber = (displayId: number, i: number) => displayId + 1000 + i;

  it("250 guesses of one shopper's order numbers from one address: 404 for the first 10, then 429, and the right number is refused too", async () => {
    const victim = await victimsOrder();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 250; i++) statuses.push((await lookup(ip, wrongNumber(victim.displayId, i), victim.email)).status);
    expect(statuses.slice(0, EMAIL_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(EMAIL_LIMIT).every((s) => s === 429)).toBe(true);

    const right = await lookup(ip, victim.displayId, victim.email).expect(429);
    expect(right.body).toEqual(TOO_MANY);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.stringify(right.body)).not.toContain(victim.email);
  });

  it('guesses for one email spread over many addresses share one budget: 429 from a fresh address too, the email in any case', async () => {
    const victim = await victimsOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const ip = freshIp();
      for (let j = 0; j < 4; j++)
        statuses.push((await lookup(ip, wrongNumber(victim.displayId, i * 4 + j), i % 2 ? victim.email.toUpperCase() : victim.email)).status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(EMAIL_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - EMAIL_LIMIT);
    expect((await lookup(freshIp(), victim.displayId, victim.email).expect(429)).body).toEqual(TOO_MANY);
  });

  it("one address trying many emails is stopped after its own budget; the same shopper's lookup from elsewhere still works", async () => {
    const victim = await victimsOrder();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT + 20; i++) statuses.push((await lookup(ip, victim.displayId, freshEmail())).status);
    expect(statuses.slice(0, ADDRESS_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(ADDRESS_LIMIT).every((s) => s === 429)).toBe(true);
    await lookup(ip, victim.displayId, victim.email).expect(429);

    const found = await lookup(freshIp(), victim.displayId, victim.email).expect(200);
    expect(found.body.order).toMatchObject({ display_id: victim.displayId, email: victim.email });
  });

  it('a shopper who mistypes a few times still finds the order, and finding it costs nothing (a storefront server looking up for many shoppers)', async () => {
    const victim = await victimsOrder();
    const ip = freshIp();
    for (let i = 0; i < EMAIL_LIMIT - 1; i++) await lookup(ip, wrongNumber(victim.displayId, i), victim.email).expect(404);
    await lookup(ip, victim.displayId, victim.email).expect(200);

    const storefront = freshIp();
    for (let i = 0; i < ADDRESS_LIMIT + 10; i++) await lookup(storefront, victim.displayId, victim.email).expect(200);
  });

  it('malformed lookups (400) are not counted as guesses', async () => {
    const victim = await victimsOrder();
    const ip = freshIp();
    for (let i = 0; i < EMAIL_LIMIT + 5; i++) {
      const res = await t
        .http()
        .get(`/store/orders?display_id=abc&email=${encodeURIComponent(victim.email)}`)
        .set('X-Forwarded-For', ip)
        .expect(400);
      expect(res.body.type).toBe('invalid_data');
    }
    await lookup(ip, victim.displayId, victim.email).expect(200);
  });
});

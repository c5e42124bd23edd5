import { randomBytes } from 'crypto';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * `GET /store/auth/:email` tells whether an email has an account. Medusa's storefront asks
 * it at checkout, so it stays; but every lookup counts per client address
 * (EMAIL_EXISTS_THROTTLE_LIMIT, 60 by default, within 15 minutes): a list of emails
 * checked one by one from one address gets 429s. Client addresses are simulated with
 * X-Forwarded-For where the app trusts one proxy hop.
 */
const LIMIT = 60;
const TOO_MANY = { type: 'too_many_requests', message: 'Too many account lookups from this address. Please try again later.' };

let ipCounter = 0;
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const freshEmail = () => `nobody-${randomBytes(4).toString('hex')}@test.com`;

describe('Account lookup (GET /store/auth/:email): limited per client address', () => {
  let t: TestApp;
  let member: { email: string };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    member = await createCustomer(t.dataSource.manager, { password: 'member-pass' });
  });
  afterAll(() => t.close());

  const exists = (ip: string, email: string) =>
    t
      .http()
      .get(`/store/auth/${encodeURIComponent(email)}`)
      .set('X-Forwarded-For', ip);

  it('150 lookups from one address: the first 60 answered, the rest 429, whatever the email; another address is answered', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await exists(ip, i % 10 === 0 ? member.email : freshEmail())).status);
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);

    const refused = await exists(ip, member.email).expect(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await exists(freshIp(), member.email).expect(200)).body).toEqual({ exists: true });
    expect((await exists(freshIp(), freshEmail()).expect(200)).body).toEqual({ exists: false });
  });

  it("a shopper's checkout asking a few times is answered every time", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await exists(ip, member.email).expect(200)).body).toEqual({ exists: true });
  });
});

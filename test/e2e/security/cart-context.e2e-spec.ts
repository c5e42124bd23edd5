import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi } from '../../factories/cart.factory';
import { createRegion } from '../../factories/region.factory';

/**
 * A cart's `context.ip` and `context.user_agent` record what the server saw: the address
 * the connection came from (or, with TRUST_PROXY, the one the trusted proxy appended) and
 * the User-Agent header. Neither a forged X-Forwarded-For nor the body's `context` can
 * write them; the body's other context keys are kept.
 */
describe('Cart context without a trusted proxy (the default)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createRegion(t.dataSource.manager, { name: 'EU', currency_code: 'eur', tax_rate: 0, countries: ['de'] });
  });
  afterAll(() => t.close());

  it('records the connection’s address and the User-Agent header, whatever X-Forwarded-For and the body say', async () => {
    const cart = await createCartViaApi(
      t,
      { context: { ip: '6.6.6.6', user_agent: 'forged', locale: 'de-DE' } },
      { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8', 'user-agent': 'CartTest/1.0' },
    );
    expect(cart.context).toEqual({ ip: expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$|^::1$/), user_agent: 'CartTest/1.0', locale: 'de-DE' });
  });

  it('keeps ip and user_agent when an update’s context names them, and merges the other keys', async () => {
    const cart = await createCartViaApi(t, { context: { locale: 'de-DE' } }, { 'user-agent': 'CartTest/1.0' });
    const res = await t
      .http()
      .post(`/store/carts/${cart.id}`)
      .set('user-agent', 'Other/2.0')
      .send({ context: { ip: '6.6.6.6', user_agent: 'forged', locale: 'fr-FR', channel: 'app' } })
      .expect(200);
    expect(res.body.cart.context).toEqual({ ip: cart.context.ip, user_agent: 'CartTest/1.0', locale: 'fr-FR', channel: 'app' });
  });
});

describe('Cart context behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    await createRegion(t.dataSource.manager, { name: 'EU', currency_code: 'eur', tax_rate: 0, countries: ['de'] });
  });
  afterAll(() => t.close());

  it('records the address the proxy appended (the last X-Forwarded-For entry), not the one the client wrote first', async () => {
    const cart = await createCartViaApi(t, {}, { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'user-agent': 'CartTest/1.0' });
    expect(cart.context).toEqual({ ip: '203.0.113.7', user_agent: 'CartTest/1.0' });
  });
});

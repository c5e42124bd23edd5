import { importMedusa } from '../../../src/modules/medusa-import/medusa-import.service';
import { createTestDatabase, dropTestDatabase, startTestApp, type TestApp } from '../../helpers/app';
import { databaseUrl } from '../../helpers/db-urls';
import { StripeFake } from '../../helpers/stripe-fake/stripe-fake';
import { eventually, postWebhook, stripeSettings } from '../../helpers/stripe-fake/stripe-test-app';
import { createMedusaDatabase, onDatabase } from '../import/medusa-source';
import { MEDUSA_SHOP_SQL } from '../import/medusa-shop.sql';

/**
 * Switching a Medusa v1 shop that takes cards with medusa-payment-stripe: its Stripe
 * sessions (the PaymentIntent as session data), Stripe customer links and provider lists
 * arrive with `import:medusa`, so a shopper mid-checkout completes after the switch and an
 * intent paid during the switch is completed by the webhook.
 */
describe('Importing a Medusa v1 shop’s Stripe sessions', () => {
  const fake = new StripeFake();
  let source: { url: string; drop: () => Promise<void> };
  let targetName: string;
  let t: TestApp;
  let midCheckout: Record<string, unknown>;
  let paidDuringSwitch: Record<string, unknown>;

  /** An open cart of the registered shopper (one shirt, standard shipping: 3750 with 25 % VAT) with a selected Stripe session. */
  const openStripeCart = (cartId: string, intent: Record<string, unknown>) => `
INSERT INTO cart (id, email, region_id, customer_id, type, shipping_address_id, billing_address_id, sales_channel_id, context)
  VALUES ('${cartId}', 'shopper@shop.test', 'reg_01EU', 'cus_01REG', 'default', 'addr_01HOME', 'addr_01HOME', 'sc_shop', '{"ip": "203.0.113.9"}');
INSERT INTO line_item (id, cart_id, title, unit_price, quantity, variant_id, is_giftcard, should_merge, allow_discounts, has_shipping, is_return)
  VALUES ('item_${cartId}', '${cartId}', 'Shirt', 2500, 1, 'variant_01M', false, true, true, true, false);
INSERT INTO shipping_method (id, shipping_option_id, cart_id, price, data) VALUES ('sm_${cartId}', 'so_01STD', '${cartId}', 500, '{}');
INSERT INTO payment_session (id, cart_id, provider_id, is_selected, is_initiated, status, data, amount)
  VALUES ('ps_${cartId}', '${cartId}', 'stripe', true, true, 'pending', '${JSON.stringify(intent)}', 3750);`;

  beforeAll(async () => {
    const settings = stripeSettings(await fake.start(), fake);
    const stripeCustomer = fake.seedCustomer('shopper@shop.test');
    midCheckout = fake.seedIntent({ amount: 3750, currency: 'eur', customer: String(stripeCustomer.id), cart_id: 'cart_01MID', capture_method: 'manual' });
    paidDuringSwitch = fake.seedIntent({
      amount: 3750,
      currency: 'eur',
      customer: String(stripeCustomer.id),
      cart_id: 'cart_01GONE',
      capture_method: 'manual',
    });

    source = await createMedusaDatabase();
    const shop = MEDUSA_SHOP_SQL.replace(':admin_hash', `'x'`).replace(':shopper_hash', `'x'`);
    const stripe = `
INSERT INTO payment_provider (id, is_installed) VALUES ('stripe', true), ('stripe-ideal', true);
INSERT INTO region_payment_providers VALUES ('reg_01EU', 'stripe');
UPDATE customer SET metadata = '{"stripe_id": "${String(stripeCustomer.id)}"}' WHERE id = 'cus_01REG';
${openStripeCart('cart_01MID', midCheckout)}
${openStripeCart('cart_01GONE', paidDuringSwitch)}`;
    await onDatabase(source.url, (c) => c.query(shop + stripe));

    targetName = await createTestDatabase();
    const targetUrl = databaseUrl(process.env.TEST_PG_SERVER_URL!, targetName);
    const report = await onDatabase(targetUrl, (target) => importMedusa({ from: source.url, target, log: () => undefined }));
    expect(report.failures).toEqual([]);
    t = await startTestApp(targetUrl, settings);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (targetName) await dropTestDatabase(targetName);
    await source?.drop();
    await fake.stop();
  });

  it('lets a shopper who was at the payment step before the switch pay and complete after it', async () => {
    // The storefront reloads its payment step: the same intent (and client_secret), the same Stripe customer.
    const sessions = await t.http().post('/store/carts/cart_01MID/payment-sessions').expect(200);
    expect(sessions.body.cart.total).toBe(3750);
    expect(sessions.body.cart.payment_session).toMatchObject({ provider_id: 'stripe', data: { id: midCheckout.id, client_secret: midCheckout.client_secret } });
    expect(fake.calls('POST /v1/customers')).toEqual([]);
    expect(fake.calls('POST /v1/payment_intents')).toEqual([]);

    fake.confirm(String(midCheckout.id), 'succeeds');
    const res = await t.http().post('/store/carts/cart_01MID/complete').expect(200);
    expect(res.body).toMatchObject({ type: 'order', data: { payment_status: 'awaiting', total: 3750 } });
    const [payment] = await t.dataSource.query(`SELECT provider_id, data FROM payment WHERE order_id = $1`, [res.body.data.id]);
    expect(payment).toMatchObject({ provider_id: 'stripe', data: { id: midCheckout.id, status: 'requires_capture' } });
  });

  it('completes, from the webhook, a cart whose intent was paid while the shop was switching', async () => {
    fake.confirm(String(paidDuringSwitch.id), 'succeeds');
    await postWebhook(t, fake.event('payment_intent.amount_capturable_updated', String(paidDuringSwitch.id))).expect(200);
    const order = await eventually(async () => (await t.dataSource.query(`SELECT id, total FROM "order" WHERE cart_id = 'cart_01GONE'`))[0]);
    expect(order.id).toMatch(/^order_/);
  });
});

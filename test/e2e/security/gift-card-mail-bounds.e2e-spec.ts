import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { eventsSettled } from '../../helpers/event-delivery';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';

/**
 * Issue 37, finding 1: one anonymous checkout mailed one message per gift-card unit to any
 * address typed into the cart (40 vouchers, 41 mails), and every other shop mail waited
 * behind them. Now: one gift-card mail per order, order mails bounded per recipient per
 * hour in the database, and reset links in a delivery lane of their own.
 */
describe('Gift-card mail: one per order, bounded per recipient, never in front of a reset link', () => {
  const PER_RECIPIENT = 3;
  let t: TestApp;
  let smtp: SmtpReceiver;
  let shop: Shop;
  let giftCardVariantId: string;
  let admin: Awaited<ReturnType<typeof adminAgent>>;

  /**
   * Places an order of `quantity` gift cards to `email` with the manual provider, and captures
   * its payment (the cards, and their mail, are handed over only then).
   */
  const orderGiftCards = async (email: string, quantity: number) => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: giftCardVariantId, quantity }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: 'manual', email });
    const order = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
    await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    return order;
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const isGiftCardMail = (raw: string) => /^Subject: Your gift cards/m.test(raw);

  beforeAll(async () => {
    // Mails to batch-* addresses get no answer until release(): a slow mail server for them.
    smtp = await startSmtpReceiver({ hold: (address) => address.startsWith('batch-') });
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_ORDER_MAILS_PER_RECIPIENT_PER_HOUR: String(PER_RECIPIENT),
    });
    shop = await createShop(t.dataSource.manager);
    admin = await adminAgent(t);
    const product = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    giftCardVariantId = product.variants![0].id;
  });
  afterAll(async () => {
    smtp.release();
    await t.close();
    await smtp.close();
  });

  it('an order of 40 gift cards to one address sends exactly one gift-card mail, listing all 40 codes, and its confirmation', async () => {
    const order = await orderGiftCards('forty@test.com', 40);
    const codes: string[] = (await t.dataSource.query(`SELECT code FROM gift_card WHERE order_id = $1`, [order.id])).map((r: { code: string }) => r.code);
    expect(codes).toHaveLength(40);
    await smtp.mailTo('forty@test.com', 2);
    await eventsSettled(t.dataSource);
    const mails = mailsTo('forty@test.com');
    expect(mails).toHaveLength(2);
    const giftCardMails = mails.filter((m) => isGiftCardMail(m.raw));
    expect(giftCardMails).toHaveLength(1);
    expect(giftCardMails[0].text).toContain('It holds 40 gift card(s).');
    for (const code of codes) expect(giftCardMails[0].text).toContain(code);
  });

  it(`a flood of orders to one recipient mails it at most ${PER_RECIPIENT} times an hour; another recipient is not affected`, async () => {
    for (let i = 0; i < 4; i++) await orderGiftCards('victim@test.com', 2);
    await orderGiftCards('bystander@test.com', 1);
    await smtp.mailTo('victim@test.com', PER_RECIPIENT);
    await smtp.mailTo('bystander@test.com', 2);
    await eventsSettled(t.dataSource);
    // 4 orders would have been 8 mails (4 confirmations, 4 gift-card mails).
    expect(mailsTo('victim@test.com')).toHaveLength(PER_RECIPIENT);
    expect(mailsTo('bystander@test.com')).toHaveLength(2);
    // The bound is counted in the database (so every instance sees it), by address digest, not the address.
    const ledger = await t.dataSource.query(`SELECT recipient_key FROM order_mail_send`);
    expect(JSON.stringify(ledger)).not.toContain('@test.com');
  });

  it('a reset link goes out while a big gift-card batch is still waiting on a slow mail server', async () => {
    await t.http().post('/store/customers').send({ email: 'waiting@test.com', password: 'old-password', first_name: 'W', last_name: 'Aiting' }).expect(200);
    // Four orders of 40 cards, each to its own address, every one of their mails held by the mail server.
    for (let i = 0; i < 4; i++) await orderGiftCards(`batch-${i}@test.com`, 40);
    const until = Date.now() + 10_000;
    while (smtp.heldCount() < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.heldCount()).toBeGreaterThanOrEqual(2);

    const asked = Date.now();
    await t.http().post('/store/customers/password-token').send({ email: 'waiting@test.com' }).expect(204);
    const [reset] = await smtp.mailTo('waiting@test.com', 1, 8_000);
    expect(reset.at - asked).toBeLessThan(5_000);
    // The batch was still waiting when the reset link arrived.
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('batch-')))).toHaveLength(0);

    smtp.release();
    for (let i = 0; i < 4; i++) await smtp.mailTo(`batch-${i}@test.com`, 2);
    await eventsSettled(t.dataSource);
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('batch-')) && isGiftCardMail(m.raw))).toHaveLength(4);
  });
});

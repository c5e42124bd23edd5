import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent, createAdminUser } from '../../helpers/auth';
import { FAST_QUEUE_ENV } from '../../helpers/batch-jobs';
import { SmtpReceiver, startSmtpReceiver } from '../../helpers/smtp-receiver';
import { createCartViaApi, createShop, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createProduct } from '../../factories/product.factory';

describe('Mail: order confirmation and reset links through SMTP (SMTP_URL), from replaceable templates', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  let shop: Shop;
  const refuseOnce = new Set<string>();

  const mailTo = (address: string, count = 1) => smtp.mailTo(address, count);

  beforeAll(async () => {
    smtp = await startSmtpReceiver({ refuseOnce });
    // The shop replaces one file; the others come from the shipped templates.
    const shopTemplates = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    writeFileSync(join(shopTemplates, 'order.placed.subject.txt'), 'Test Shop: order {{display_id}} is on its way to the warehouse\n');
    t = await createTestApp({
      ...FAST_QUEUE_ENV,
      EVENTS_POLL_INTERVAL_MS: '100',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Test Shop <shop@test.com>',
      MAIL_TEMPLATES_DIR: shopTemplates,
      MAIL_STORE_RESET_URL: 'https://shop.test/account/reset',
      MAIL_ADMIN_RESET_URL: 'https://admin.test/reset-password',
    });
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a shopper who asks for a reset gets the link by mail (and only there), and the link resets the password', async () => {
    await t.http().post('/store/customers').send({ email: 'mia@test.com', password: 'old-password', first_name: 'Mia', last_name: 'Mail' }).expect(200);
    const answer = await t.http().post('/store/customers/password-token').send({ email: 'mia@test.com' }).expect(204);
    expect(answer.text).toBe('');
    const [mail] = await mailTo('mia@test.com');
    expect(mail.raw).toMatch(/^From: Test Shop <shop@test\.com>/m);
    expect(mail.raw).toMatch(/^Subject: Reset your password/m);
    expect(mail.raw).toMatch(/^Message-ID:\s+<evt_\w+\.customer\.password_reset@test\.com>/m);
    // The name the shopper typed is not in the mail: it could pass for the shop's own words.
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain('Mia');
    const link = /https:\/\/shop\.test\/account\/reset\?token=([\w.-]+)&email=mia%40test\.com/.exec(mail.text);
    expect(link).not.toBeNull();
    await t.http().post('/store/customers/password-reset').send({ email: 'mia@test.com', token: link![1], password: 'new-password' }).expect(200);
    await t.http().post('/store/auth').send({ email: 'mia@test.com', password: 'new-password' }).expect(200);
  });

  it('an admin user gets the admin reset link', async () => {
    await createAdminUser(t, { email: 'root@test.com', password: 'old-password' });
    await t.http().post('/admin/users/password-token').send({ email: 'root@test.com' }).expect(204);
    const [mail] = await mailTo('root@test.com');
    expect(mail.raw).toMatch(/^Subject: Reset your admin password/m);
    const link = /https:\/\/admin\.test\/reset-password\?token=([\w.-]+)/.exec(mail.text);
    await t.http().post('/admin/users/reset-password').send({ token: link![1], password: 'new-password' }).expect(200);
  });

  it('a placed order gets its confirmation (the subject from the shop template, the body from the shipped one)', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 2 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: 'manual', email: 'buyer@test.com' });
    const order = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
    const [mail] = await mailTo(order.email);
    expect(mail.raw).toMatch(new RegExp(`^Subject: Test Shop: order ${order.display_id} is on its way to the warehouse`, 'm'));
    expect(mail.text).toContain(`Thank you for your order #${order.display_id}.`);
    expect(mail.text).toMatch(/^2 x Product \w+: €25\.00$/m);
    expect(mail.text).toContain(`Total: €${(order.total / 100).toFixed(2)}`);
    // HTML part too, with the values escaped.
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });

  it('the gift cards bought in an order are mailed to the buyer in ONE mail listing their codes once its payment is captured; an admin-created card is not', async () => {
    const product = await createProduct(t.dataSource.manager, {
      is_giftcard: true,
      variants: [{ manage_inventory: false, inventory_quantity: 0, prices: [{ currency_code: 'eur', amount: 2500 }] }],
    });
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: product.variants![0].id, quantity: 2 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: 'manual', email: 'giver@test.com' });
    const order = (await t.http().post(`/store/carts/${cart.id}/complete`).expect(200)).body.data;
    const codes: string[] = (await t.dataSource.query(`SELECT code FROM gift_card WHERE order_id = $1 ORDER BY code`, [order.id])).map(
      (r: { code: string }) => r.code,
    );
    expect(codes).toHaveLength(2);
    const admin = await adminAgent(t);
    await admin.post(`/admin/orders/${order.id}/capture`).expect(200);
    // The order confirmation and one mail for both cards.
    const mails = (await mailTo('giver@test.com', 2)).filter((m) => /^Subject: Your gift cards/m.test(m.raw));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.raw).toMatch(new RegExp(`^Subject: Your gift cards from order #${order.display_id}`, 'm'));
    expect(mail.text).toContain('It holds 2 gift card(s).');
    for (const code of codes) expect(mail.text).toContain(`${code}  €25.00`);
    expect(mail.raw).toMatch(/^Message-ID:\s+<evt_\w+\.gift_card\.created@test\.com>/m);

    const card = (await admin.post('/admin/gift-cards').send({ region_id: shop.region.id, value: 1000 }).expect(200)).body.gift_card;
    // Its event is handed to the subscribers like the others; the mail subscriber sends nothing for it.
    const dispatched = () =>
      t.dataSource.query(`SELECT 1 FROM outbox_event WHERE name = 'gift_card.created' AND data->>'id' = $1 AND dispatched_at IS NOT NULL`, [card.id]);
    for (let i = 0; i < 100 && (await dispatched()).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await dispatched()).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.filter((m) => m.text.includes(card.code))).toHaveLength(0);
  });

  it('a mail the server refuses is sent again by the retry, once', async () => {
    refuseOnce.add('busy@test.com');
    await t.http().post('/store/customers').send({ email: 'busy@test.com', password: 'old-password', first_name: 'B', last_name: 'Usy' }).expect(200);
    await t.http().post('/store/customers/password-token').send({ email: 'busy@test.com' }).expect(204);
    await mailTo('busy@test.com');
    expect(refuseOnce.has('busy@test.com')).toBe(false);
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.mails.filter((m) => m.to.includes('busy@test.com'))).toHaveLength(1);
  });
});

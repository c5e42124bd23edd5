import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
const codes = (store: { currencies: Array<{ code: string }> }) => store.currencies.map((c) => c.code).sort();

describe('Admin store settings (/admin/store)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    // The migrated store: usd only, usd the default.
    await admin
      .post('/admin/store')
      .send({ currencies: ['usd'], default_currency_code: 'usd' })
      .expect(200);
  });

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/store').expect(401);
    await t.http().post('/admin/store').send({ name: 'x' }).expect(401);
    await t.http().post('/admin/store/currencies/eur').expect(401);
    await t.http().delete('/admin/store/currencies/eur').expect(401);
    await t.http().get('/admin/store/payment-providers').expect(401);
  });

  describe('GET /admin/store', () => {
    it('shows the store with its currencies, default currency and sales channel, providers, feature flags and modules', async () => {
      const res = await admin.get('/admin/store/').expect(200);
      expect(res.body.store).toMatchObject({
        id: expect.stringMatching(/^store_/),
        name: expect.any(String),
        default_currency_code: 'usd',
        default_currency: { code: 'usd' },
        currencies: [{ code: 'usd', name: 'US Dollar' }],
        default_sales_channel: { id: expect.any(String) },
        swap_link_template: null,
        payment_link_template: null,
        invite_link_template: null,
        default_location_id: null,
        payment_providers: expect.arrayContaining([{ id: 'manual', is_installed: true }]),
        fulfillment_providers: [{ id: 'manual', is_installed: true }],
        modules: [],
      });
    });

    it("announces Medusa's feature flags with analytics and order editing off, so the dashboard asks for neither", async () => {
      const { store } = (await admin.get('/admin/store').expect(200)).body;
      const flags = Object.fromEntries(store.feature_flags.map((f: { key: string; value: boolean }) => [f.key, f.value]));
      expect(flags).toMatchObject({ analytics: false, order_editing: false, sales_channels: true, product_categories: true });
      // The dashboard reads `modules` as soon as `feature_flags` is non-empty.
      expect(store.feature_flags.length).toBeGreaterThan(0);
      expect(Array.isArray(store.modules)).toBe(true);
    });

    it('answers /admin/analytics-configs 404 as Medusa does with its analytics flag off', async () => {
      const res = await admin.get('/admin/analytics-configs').expect(404);
      expect(res.body).toMatchObject({ type: 'not_found' });
    });
  });

  describe('POST /admin/store', () => {
    it("saves the dashboard's whole currency list (POST /admin/store/ with a trailing slash)", async () => {
      const res = await admin
        .post('/admin/store/')
        .send({ currencies: ['usd', 'EUR', 'dkk'] })
        .expect(200);
      expect(codes(res.body.store)).toEqual(['dkk', 'eur', 'usd']);
      expect(codes((await admin.get('/admin/store').expect(200)).body.store)).toEqual(['dkk', 'eur', 'usd']);

      const removed = await admin
        .post('/admin/store/')
        .send({ currencies: ['usd', 'dkk'] })
        .expect(200);
      expect(codes(removed.body.store)).toEqual(['dkk', 'usd']);
    });

    it('changes the name, link templates, default currency and metadata', async () => {
      const res = await admin
        .post('/admin/store')
        .send({
          name: 'Shop',
          swap_link_template: 'https://s/{{cart_id}}',
          payment_link_template: 'https://p/{{cart_id}}',
          invite_link_template: 'https://i/{{invite_token}}',
          currencies: ['usd', 'eur'],
          default_currency_code: 'eur',
          metadata: { a: 1 },
        })
        .expect(200);
      expect(res.body.store).toMatchObject({
        name: 'Shop',
        swap_link_template: 'https://s/{{cart_id}}',
        payment_link_template: 'https://p/{{cart_id}}',
        invite_link_template: 'https://i/{{invite_token}}',
        default_currency_code: 'eur',
        default_currency: { code: 'eur' },
        metadata: { a: 1 },
      });
      await admin
        .post('/admin/store')
        .send({ name: 'Medusa Store', currencies: ['usd', 'eur'], default_currency_code: 'usd' })
        .expect(200);
    });

    it('refuses a list without the default currency, an unknown currency, or a default the store lacks (400), changing nothing', async () => {
      const noDefault = await admin
        .post('/admin/store')
        .send({ currencies: ['eur'] })
        .expect(400);
      expect(noDefault.body).toEqual({
        type: 'invalid_data',
        message: 'You are not allowed to remove default currency from store currencies without replacing it as well',
      });
      const unknown = await admin
        .post('/admin/store')
        .send({ currencies: ['usd', 'xyz'] })
        .expect(400);
      expect(unknown.body).toEqual({ type: 'invalid_data', message: 'Currency with code xyz does not exist' });
      const lacking = await admin.post('/admin/store').send({ default_currency_code: 'eur' }).expect(400);
      expect(lacking.body).toEqual({ type: 'invalid_data', message: 'Store does not have currency: eur' });
      const bad = await admin.post('/admin/store').send({ currencies: 'usd' }).expect(400);
      expect(bad.body.type).toBe('invalid_data');
      await admin.post('/admin/store').send({ unknown: 1 }).expect(400);
      expect(codes((await admin.get('/admin/store').expect(200)).body.store)).toEqual(['usd']);
    });
  });

  describe('POST and DELETE /admin/store/currencies/:code', () => {
    it('adds a currency, refuses it twice (422) and an unknown one (400), and removes it', async () => {
      const added = await admin.post('/admin/store/currencies/eur').expect(200);
      expect(codes(added.body.store)).toEqual(['eur', 'usd']);
      const twice = await admin.post('/admin/store/currencies/EUR').expect(422);
      expect(twice.body).toMatchObject({ type: 'duplicate_error', message: 'Currency already added' });
      const unknown = await admin.post('/admin/store/currencies/xyz').expect(400);
      expect(unknown.body).toEqual({ type: 'invalid_data', message: 'Currency xyz not found' });

      const removed = await admin.delete('/admin/store/currencies/eur').expect(200);
      expect(codes(removed.body.store)).toEqual(['usd']);
      // Removing a currency the store does not have changes nothing (Medusa).
      const again = await admin.delete('/admin/store/currencies/eur').expect(200);
      expect(codes(again.body.store)).toEqual(['usd']);
    });

    it("refuses removing the store's default currency (400, nothing changed), in any case", async () => {
      for (const code of ['usd', 'USD']) {
        const res = await admin.delete(`/admin/store/currencies/${code}`).expect(400);
        expect(res.body).toEqual({
          type: 'invalid_data',
          message: 'You are not allowed to remove default currency from store currencies without replacing it as well',
        });
      }
      const store = (await admin.get('/admin/store').expect(200)).body.store;
      expect(store.default_currency_code).toBe('usd');
      expect(codes(store)).toContain('usd');
    });

    it('keeps every currency added by parallel requests', async () => {
      const list = ['eur', 'dkk', 'sek', 'nok', 'gbp'];
      await Promise.all(list.map((c) => admin.post(`/admin/store/currencies/${c}`).expect(200)));
      expect(codes((await admin.get('/admin/store').expect(200)).body.store)).toEqual([...list, 'usd'].sort());
    });
  });

  it('lists the payment providers and no tax providers (system tax is built in, as in Medusa)', async () => {
    const payments = await admin.get('/admin/store/payment-providers').expect(200);
    expect(payments.body.payment_providers.map((p: { id: string }) => p.id)).toContain('manual');
    const taxes = await admin.get('/admin/store/tax-providers').expect(200);
    expect(taxes.body).toEqual({ tax_providers: [] });
  });
});

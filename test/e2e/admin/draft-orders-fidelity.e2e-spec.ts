import { createCustomer } from '../../factories/customer.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { businessTableDigests, changedTables } from '../../helpers/table-counts';

type Body = Record<string, any>;

/** Draft orders behave as Medusa v1's where admins and storefronts rely on it. */
describe('Admin draft orders: Medusa v1 behaviours', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let regionId: string;
  let variantId: string;
  let optionId: string;
  let otherOptionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const m = t.dataSource.manager;
    regionId = (await createRegion(m, { name: 'Europe', countries: ['de', 'fr'], tax_rate: 0 })).id;
    variantId = (await createProduct(m, { variants: [{ inventory_quantity: 100 }] })).variants![0].id;
    optionId = (await createShippingOption(m, { region_id: regionId, amount: 1000 })).id;
    otherOptionId = (await createShippingOption(m, { region_id: regionId, name: 'Express', amount: 2500 })).id;
  });
  afterAll(() => t.close());

  const create = (body: Body) => admin.post('/admin/draft-orders').send({ email: 'buyer@example.com', region_id: regionId, shipping_methods: [], ...body });
  const createOk = async (body: Body = {}) => (await create(body).expect(200)).body.draft_order as Body;
  const update = (id: string, body: Body) => admin.post(`/admin/draft-orders/${id}`).send(body);
  const updateLine = (id: string, lineId: string, body: Body) => admin.post(`/admin/draft-orders/${id}/line-items/${lineId}`).send(body);

  describe('line items', () => {
    it('keeps a custom unit_price when only the quantity changes', async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1, unit_price: 777 }] });
      const line = draft.cart.items[0];
      expect(line.unit_price).toBe(777);
      const updated = (await updateLine(draft.id, line.id, { quantity: 3 }).expect(200)).body.draft_order;
      expect(updated.cart.items[0]).toMatchObject({ id: line.id, quantity: 3, unit_price: 777 });
      expect(updated.cart.subtotal).toBe(2331);
      const repriced = (await updateLine(draft.id, line.id, { quantity: 2, unit_price: 500 }).expect(200)).body.draft_order;
      expect(repriced.cart.items[0]).toMatchObject({ quantity: 2, unit_price: 500 });
    });

    it('adds a variant line at a custom price in one transaction: a failure after the line is inserted leaves nothing written', async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId }] });
      const add = () =>
        admin.post(`/admin/draft-orders/${draft.id}/line-items`).send({ quantity: 2, unit_price: 4242, variant_id: variantId, metadata: { n: 1 } });
      // The step after the line's INSERT (the recalculation dropping the shipping methods) fails.
      await t.dataSource.query(`
        CREATE FUNCTION refuse_in_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test' USING ERRCODE = 'check_violation'; END $$;
        CREATE TRIGGER refuse_in_test BEFORE DELETE ON shipping_method FOR EACH ROW EXECUTE FUNCTION refuse_in_test();`);
      try {
        const before = await businessTableDigests(t.dataSource);
        const refused = await add().expect(400);
        expect(refused.body).toEqual({ type: 'invalid_data', message: 'A value is out of the allowed range.' });
        expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
        const after = (await admin.get(`/admin/draft-orders/${draft.id}`).expect(200)).body.draft_order;
        expect(after.cart.items).toEqual([expect.objectContaining({ id: draft.cart.items[0].id, quantity: 1 })]);
        expect(after.cart.shipping_methods).toHaveLength(1);
      } finally {
        await t.dataSource.query('DROP TRIGGER refuse_in_test ON shipping_method; DROP FUNCTION refuse_in_test()');
      }
      const added = (await add().expect(200)).body.draft_order;
      expect(added.cart.items).toEqual([expect.objectContaining({ quantity: 1 }), expect.objectContaining({ quantity: 2, unit_price: 4242 })]);
      expect(added.cart.shipping_methods).toEqual([]);
    });

    it('still checks the stock on a quantity change', async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1, unit_price: 10 }] });
      const res = await updateLine(draft.id, draft.cart.items[0].id, { quantity: 1000 }).expect(400);
      expect(res.body).toMatchObject({ type: 'not_allowed', code: 'insufficient_inventory' });
    });
  });

  describe("a registered customer's draft", () => {
    it('moves to the guest customer of a new email', async () => {
      const registered = await createCustomer(t.dataSource.manager, { email: 'registered@example.com', password: 'secret1' });
      const draft = await createOk({ customer_id: registered.id });
      expect(draft.cart).toMatchObject({ customer_id: registered.id, email: 'registered@example.com' });

      const res = await update(draft.id, { email: 'Someone.Else@Example.com' }).expect(200);
      expect(res.body.draft_order.cart).toMatchObject({ email: 'someone.else@example.com' });
      expect(res.body.draft_order.cart.customer).toMatchObject({ email: 'someone.else@example.com', has_account: false });
      expect(res.body.draft_order.cart.customer_id).not.toBe(registered.id);
    });

    it('takes an email together with addresses and discounts in one request', async () => {
      const registered = await createCustomer(t.dataSource.manager, { email: 'registered2@example.com', password: 'secret1' });
      const discount = await createDiscount(t.dataSource.manager, { regions: [regionId], rule: { type: 'fixed', value: 100, allocation: 'total' } });
      const draft = await createOk({ customer_id: registered.id, items: [{ variant_id: variantId, quantity: 1 }] });
      const res = await update(draft.id, {
        email: 'new-owner@example.com',
        shipping_address: { first_name: 'Ada', address_1: 'Main 1', country_code: 'fr' },
        billing_address: { first_name: 'Ada', country_code: 'de' },
        discounts: [{ code: discount.code }],
      }).expect(200);
      const cart = res.body.draft_order.cart;
      expect(cart).toMatchObject({ email: 'new-owner@example.com', discount_total: 100, total: 900 });
      expect(cart.shipping_address).toMatchObject({ first_name: 'Ada', country_code: 'fr' });
      expect(cart.billing_address).toMatchObject({ country_code: 'de' });
    });

    it('is still never taken over from the store', async () => {
      const registered = await createCustomer(t.dataSource.manager, { email: 'registered3@example.com', password: 'secret1' });
      const draft = await createOk({ customer_id: registered.id });
      const res = await t.http().post(`/store/carts/${draft.cart_id}`).send({ email: 'thief@example.com' }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: 'The cart belongs to another customer' });
    });
  });

  /** A refused draft creation writes nothing: it is one transaction, so no row of any table changes (no cart, no address, no draft). */
  async function expectNothingWritten(before: Record<string, string>) {
    expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
  }

  describe('create', () => {
    it('refuses a billing address outside the region (400 "Billing country not in region") and creates no draft', async () => {
      const before = await businessTableDigests(t.dataSource);
      const res = await create({ billing_address: { first_name: 'Ada', country_code: 'us' } }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: 'Billing country not in region' });
      await expectNothingWritten(before);
      await create({ billing_address: { first_name: 'Ada', country_code: 'fr' } }).expect(200);
    });

    it('falls back to the email when customer_id names no customer', async () => {
      const draft = await createOk({ customer_id: 'cus_missing', email: 'Fallback@Example.com' });
      expect(draft.cart).toMatchObject({ email: 'fallback@example.com' });
      expect(draft.cart.customer).toMatchObject({ email: 'fallback@example.com', has_account: false });
    });
  });

  describe('custom shipping options', () => {
    it("give the draft's cart their price whenever the option is added, also from the store", async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId, price: 300 }] });
      expect(draft.cart.shipping_methods[0]).toMatchObject({ shipping_option_id: optionId, price: 300 });
      // A line change drops the shipping methods; adding the option again keeps the custom price.
      await admin.post(`/admin/draft-orders/${draft.id}/line-items`).send({ quantity: 1, unit_price: 50 }).expect(200);
      const res = await t.http().post(`/store/carts/${draft.cart_id}/shipping-methods`).send({ option_id: optionId }).expect(200);
      expect(res.body.cart.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: optionId, price: 300 })]);
      expect(res.body.cart.shipping_total).toBe(300);
    });

    it('make the cart refuse any other option (400 "Wrong shipping option") and change nothing', async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId, price: 300 }] });
      const before = await businessTableDigests(t.dataSource);
      const res = await t.http().post(`/store/carts/${draft.cart_id}/shipping-methods`).send({ option_id: otherOptionId }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Wrong shipping option' });
      expect(changedTables(before, await businessTableDigests(t.dataSource))).toEqual([]);
      const after = (await admin.get(`/admin/draft-orders/${draft.id}`).expect(200)).body.draft_order;
      expect(after.cart.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: optionId, price: 300 })]);

      const rows = await businessTableDigests(t.dataSource);
      const refused = await create({ shipping_methods: [{ option_id: optionId, price: 300 }, { option_id: otherOptionId }] }).expect(400);
      expect(refused.body).toEqual({ type: 'invalid_data', message: 'Wrong shipping option' });
      await expectNothingWritten(rows);
    });

    it('leave carts without custom options free to take any option', async () => {
      const draft = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId }] });
      const res = await t.http().post(`/store/carts/${draft.cart_id}/shipping-methods`).send({ option_id: otherOptionId }).expect(200);
      expect(res.body.cart.shipping_methods).toEqual([expect.objectContaining({ shipping_option_id: otherOptionId, price: 2500 })]);
    });
  });
});

import { Address } from '../../../src/modules/customers/address.entity';
import { Cart } from '../../../src/modules/carts/cart.entity';
import { CustomShippingOption } from '../../../src/modules/draft-orders/custom-shipping-option.entity';
import { DraftOrder } from '../../../src/modules/draft-orders/draft-order.entity';
import { GiftCard } from '../../../src/modules/gift-cards/gift-card.entity';
import { GiftCardTransaction } from '../../../src/modules/gift-cards/gift-card-transaction.entity';
import { Order } from '../../../src/modules/orders/order.entity';
import { Payment } from '../../../src/modules/payments/payment.entity';
import { ProductVariant } from '../../../src/modules/products/product-variant.entity';
import { createCustomer } from '../../factories/customer.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createDraftOrder } from '../../factories/draft-order.factory';
import { createGiftCard } from '../../factories/gift-card.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createShippingOption } from '../../factories/shipping-option.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Body = Record<string, any>;

describe('Admin draft orders (/admin/draft-orders)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof adminAgent>>;
  let regionId: string;
  let usdRegionId: string;
  let variantId: string;
  let optionId: string;
  let usdOptionId: string;
  let adminOnlyOptionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const m = t.dataSource.manager;
    regionId = (await createRegion(m, { name: 'Europe', countries: ['de', 'fr'], tax_rate: 25 })).id;
    usdRegionId = (await createRegion(m, { name: 'Americas', currency_code: 'usd', countries: ['us'], tax_rate: 0 })).id;
    variantId = (await createProduct(m, { variants: [{ inventory_quantity: 100 }] })).variants![0].id;
    optionId = (await createShippingOption(m, { region_id: regionId, amount: 1000 })).id;
    usdOptionId = (await createShippingOption(m, { region_id: usdRegionId, amount: 500 })).id;
    adminOnlyOptionId = (await createShippingOption(m, { region_id: regionId, name: 'Courier', amount: 2000, admin_only: true })).id;
  });
  afterAll(() => t.close());

  const create = (body: Body) => admin.post('/admin/draft-orders').send(body);
  const minimal = (extra: Body = {}) => ({ email: 'Buyer@Example.com', region_id: regionId, shipping_methods: [], ...extra });
  const createOk = async (extra: Body = {}) => (await create(minimal(extra)).expect(200)).body.draft_order as Body;
  const get = (id: string) => admin.get(`/admin/draft-orders/${id}`);
  const pay = (id: string) => admin.post(`/admin/draft-orders/${id}/pay`);
  const count = (entity: typeof DraftOrder | typeof Order | typeof Payment) => t.dataSource.getRepository(entity as typeof Order).count();
  const inventory = async (id: string) => (await t.dataSource.getRepository(ProductVariant).findOneByOrFail({ id })).inventory_quantity;

  describe('POST /admin/draft-orders (create)', () => {
    it('creates an open draft with a draft_order cart for a guest customer from the email', async () => {
      const draft = await createOk();
      expect(draft).toMatchObject({ status: 'open', order_id: null, order: null, canceled_at: null, completed_at: null, no_notification_order: null });
      expect(draft.id).toMatch(/^dorder_[0-9A-HJKMNP-TV-Z]{26}$/);
      expect(typeof draft.display_id).toBe('number');
      expect(draft.cart).toMatchObject({ id: draft.cart_id, type: 'draft_order', region_id: regionId, email: 'buyer@example.com', metadata: {} });
      expect(draft.cart.customer).toMatchObject({ email: 'buyer@example.com', has_account: false });
      expect(draft.cart).toMatchObject({
        subtotal: 0,
        discount_total: 0,
        shipping_total: 0,
        tax_total: 0,
        gift_card_total: 0,
        total: 0,
        items: [],
        shipping_methods: [],
      });
      expect(draft.cart.region).toMatchObject({ id: regionId, currency_code: 'eur' });
    });

    it('builds the cart from items, custom shipping prices, addresses, discounts and metadata, priced with its totals', async () => {
      const discount = await createDiscount(t.dataSource.manager, { regions: [regionId], rule: { type: 'percentage', value: 10, allocation: 'total' } });
      const draft = await createOk({
        items: [
          { variant_id: variantId, quantity: 2 },
          { title: 'Gift wrapping', unit_price: 500, quantity: 1, metadata: { color: 'red' } },
        ],
        shipping_methods: [{ option_id: optionId, price: 300, data: { note: 'leave at door' } }],
        shipping_address: { first_name: 'Ada', address_1: 'Main 1', city: 'Berlin', country_code: 'DE', postal_code: '10115' },
        billing_address: { first_name: 'Ada', country_code: 'fr' },
        discounts: [{ code: discount.code }],
        no_notification_order: true,
        metadata: { source: 'phone' },
      });
      const cart = draft.cart;
      expect(draft.no_notification_order).toBe(true);
      expect(draft.metadata).toBeNull();
      expect(cart.metadata).toEqual({ source: 'phone' });
      const variantLine = cart.items.find((i: Body) => i.variant_id === variantId);
      const customLine = cart.items.find((i: Body) => i.variant_id === null);
      expect(variantLine).toMatchObject({ quantity: 2, unit_price: 1000, allow_discounts: true });
      expect(customLine).toMatchObject({ title: 'Gift wrapping', unit_price: 500, quantity: 1, allow_discounts: false, metadata: { color: 'red' } });
      expect(cart.shipping_methods).toHaveLength(1);
      expect(cart.shipping_methods[0]).toMatchObject({ shipping_option_id: optionId, price: 300, data: { note: 'leave at door' } });
      expect(cart.shipping_address).toMatchObject({ first_name: 'Ada', city: 'Berlin', country_code: 'de' });
      expect(cart.billing_address).toMatchObject({ first_name: 'Ada', country_code: 'fr' });
      expect(cart.discounts.map((d: Body) => d.code)).toEqual([discount.code]);
      // 10 % of the discountable 2000; 25 % tax on the discounted product line (1800) and the
      // shipping (300), none on the custom line (no product, as Medusa v1's system tax).
      expect(cart).toMatchObject({ subtotal: 2500, discount_total: 200, shipping_total: 300, tax_total: 525, total: 3125 });

      const custom = await t.dataSource.getRepository(CustomShippingOption).findBy({ cart_id: cart.id });
      expect(custom).toHaveLength(1);
      expect(custom[0]).toMatchObject({ shipping_option_id: optionId, price: 300 });
      expect(custom[0].id).toMatch(/^cso_/);
    });

    it('ignores status (a new draft is always open) and gives sequential display ids', async () => {
      const first = await createOk({ status: 'completed' });
      const second = await createOk();
      expect(first.status).toBe('open');
      expect(second.display_id).toBe(first.display_id + 1);
    });

    it("uses the customer's email when customer_id is given, whatever email says", async () => {
      const customer = await createCustomer(t.dataSource.manager, { email: 'known@example.com' });
      const draft = await createOk({ customer_id: customer.id, email: 'other@example.com' });
      expect(draft.cart).toMatchObject({ customer_id: customer.id, email: 'known@example.com' });
    });

    it('copies an address given by id and honours a custom variant price and an admin-only option', async () => {
      const address = t.dataSource.getRepository(Address).create({ first_name: 'Saved', city: 'Paris', country_code: 'fr', customer_id: null });
      await t.dataSource.getRepository(Address).save(address);
      const draft = await createOk({
        shipping_address: address.id,
        items: [{ variant_id: variantId, quantity: 1, unit_price: 777 }],
        shipping_methods: [{ option_id: adminOnlyOptionId }],
      });
      expect(draft.cart.shipping_address).toMatchObject({ first_name: 'Saved', city: 'Paris', country_code: 'fr' });
      expect(draft.cart.items[0]).toMatchObject({ variant_id: variantId, unit_price: 777, quantity: 1 });
      expect(draft.cart.shipping_methods[0]).toMatchObject({ shipping_option_id: adminOnlyOptionId, price: 2000 });
      expect(draft.cart).toMatchObject({ subtotal: 777, shipping_total: 2000 });
    });

    it('prices custom lines at 0 when no price (or a negative one) is given, titled "Custom item"', async () => {
      const draft = await createOk({ items: [{ quantity: 2 }, { quantity: 1, unit_price: -50, title: 'Refund fee' }] });
      const lines = draft.cart.items.map((i: Body) => [i.title, i.unit_price, i.quantity]).sort();
      expect(lines).toEqual([
        ['Custom item', 0, 2],
        ['Refund fee', 0, 1],
      ]);
    });

    it.each([
      ['no email', { email: undefined }, 'email must be an email'],
      ['a bad email', { email: 'not-an-email' }, 'email must be an email'],
      ['no region', { region_id: undefined }, 'region_id'],
      ['no shipping_methods', { shipping_methods: undefined }, 'shipping_methods'],
      ['an item without quantity', { items: [{ variant_id: 'variant_x' }] }, 'quantity'],
      ['an item with quantity 0', { items: [{ quantity: 0 }] }, 'quantity'],
      ['a negative shipping price', { shipping_methods: [{ option_id: 'so_x', price: -1 }] }, 'price'],
      ['an address of the wrong type', { shipping_address: 42 }, 'shipping_address'],
      ['an unknown property', { foo: 'bar' }, 'property foo should not exist'],
      ['a bad status', { status: 'paid' }, 'status'],
    ])('answers 400 for %s', async (_label, extra, message) => {
      const res = await create(minimal(extra)).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
    });

    it.each([
      ['an unknown region', () => ({ region_id: 'reg_missing' }), 404],
      ['an unknown variant', () => ({ items: [{ variant_id: 'variant_missing', quantity: 1 }] }), 400],
      ['an unknown shipping option', () => ({ shipping_methods: [{ option_id: 'so_missing' }] }), 404],
      ['a shipping option of another region', () => ({ shipping_methods: [{ option_id: usdOptionId }] }), 400],
      ['a shipping country outside the region', () => ({ shipping_address: { country_code: 'us' } }), 400],
      ['an unknown discount code', () => ({ discounts: [{ code: 'NOPE' }] }), 404],
    ])('refuses %s and leaves no draft and no usable cart behind', async (_label, extra, status) => {
      const draftsBefore = await count(DraftOrder);
      const liveCartsBefore = await t.dataSource.getRepository(Cart).countBy({ type: 'draft_order' });
      const res = await create(minimal({ items: [{ quantity: 1, unit_price: 100 }], ...extra() })).expect(status);
      expect(res.body.type).toBeDefined();
      expect(await count(DraftOrder)).toBe(draftsBefore);
      expect(await t.dataSource.getRepository(Cart).countBy({ type: 'draft_order' })).toBe(liveCartsBefore);
    });
  });

  describe('GET /admin/draft-orders/:id', () => {
    it('answers the draft with its cart, the cart relations and totals', async () => {
      const created = await createOk({ items: [{ variant_id: variantId, quantity: 3 }], shipping_methods: [{ option_id: optionId }] });
      const res = await get(created.id).expect(200);
      const draft = res.body.draft_order;
      expect(draft).toMatchObject({ id: created.id, display_id: created.display_id, status: 'open', cart_id: created.cart_id });
      expect(draft.cart).toMatchObject({ object: 'cart', subtotal: 3000, shipping_total: 1000, tax_total: 1000, total: 5000 });
      expect(draft.cart.items[0]).toMatchObject({ quantity: 3, subtotal: 3000, total: 3750 });
      expect(draft.cart.region.payment_providers.map((p: Body) => p.id).sort()).toEqual(['manual', 'test']);
      expect(draft.cart.shipping_methods[0].shipping_option).toMatchObject({ id: optionId });
      // As Medusa's admin shows a draft's cart: the raw discount total, and the region's tax rates (none here).
      expect(draft.cart).toMatchObject({ raw_discount_total: 0, discount_total: 0 });
      expect(draft.cart.region.tax_rates).toEqual([]);
    });

    it('404s for an unknown draft', async () => {
      const res = await get('dorder_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Draft order with dorder_missing was not found' });
    });
  });

  describe('GET /admin/draft-orders (list)', () => {
    let listRegionId: string;
    let drafts: DraftOrder[];

    beforeAll(async () => {
      listRegionId = (await createRegion(t.dataSource.manager, { name: 'List region', countries: [] })).id;
      drafts = [];
      for (const email of ['list-alpha@example.com', 'list-beta@example.com', 'list-gamma@example.com']) {
        drafts.push(await createDraftOrder(t.dataSource.manager, { region_id: listRegionId, email }));
      }
      await t.dataSource.getRepository(DraftOrder).update(drafts[2].id, { status: 'completed' });
    });

    const list = (query: string) => admin.get(`/admin/draft-orders${query}`).expect(200);

    it('pages with limit 50 by default, newest first, with the cart and its items', async () => {
      const res = await list('');
      expect(res.body).toMatchObject({ offset: 0, limit: 50 });
      expect(res.body.count).toBe(await count(DraftOrder));
      const createdAt = res.body.draft_orders.map((d: Body) => new Date(d.created_at).getTime());
      expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
      const gamma = res.body.draft_orders.find((d: Body) => d.id === drafts[2].id);
      expect(gamma.cart).toMatchObject({ id: drafts[2].cart_id, email: 'list-gamma@example.com', items: [] });
      expect(gamma).toHaveProperty('order', null);
    });

    it('honours limit and offset', async () => {
      const all = (await list('')).body.draft_orders.map((d: Body) => d.id);
      const page = await list('?limit=2&offset=1');
      expect(page.body).toMatchObject({ limit: 2, offset: 1, count: all.length });
      expect(page.body.draft_orders.map((d: Body) => d.id)).toEqual(all.slice(1, 3));
    });

    it("searches q in the cart's email (case-insensitive) and in the display id", async () => {
      const byEmail = await list('?q=LIST-BETA');
      expect(byEmail.body.draft_orders.map((d: Body) => d.id)).toEqual([drafts[1].id]);
      const byDisplayId = await list(`?q=${drafts[0].display_id}`);
      expect(byDisplayId.body.draft_orders.map((d: Body) => d.id)).toContain(drafts[0].id);
      expect((await list('?q=%25')).body.count).toBe(0);
    });

    it('filters by status and creation date', async () => {
      const completed = await list('?status[]=completed');
      expect(completed.body.draft_orders.map((d: Body) => d.id)).toEqual([drafts[2].id]);
      const open = await list('?status=open&q=list-');
      expect(open.body.draft_orders.map((d: Body) => d.id).sort()).toEqual([drafts[0].id, drafts[1].id].sort());
      expect((await list('?created_at[gt]=2999-01-01')).body.count).toBe(0);
      await admin.get('/admin/draft-orders?status=paid').expect(400);
    });

    it('applies expand and fields', async () => {
      const res = await list(`?q=list-alpha&expand=cart,cart.region&fields=id,status,display_id`);
      const [draft] = res.body.draft_orders;
      expect(Object.keys(draft).sort()).toEqual(['cart', 'display_id', 'id', 'status']);
      expect(draft.cart.region).toMatchObject({ id: listRegionId });
      const bare = await list('?q=list-alpha&expand=');
      expect(bare.body.draft_orders[0]).not.toHaveProperty('cart');
      await admin.get('/admin/draft-orders?expand=secrets').expect(400);
      await admin.get('/admin/draft-orders?fields=nope').expect(400);
      await admin.get('/admin/draft-orders?limit=abc').expect(400);
    });
  });

  describe('POST /admin/draft-orders/:id (update)', () => {
    const update = (id: string, body: Body) => admin.post(`/admin/draft-orders/${id}`).send(body);

    it('changes the email (a guest customer for it) and no_notification_order, answering the full draft', async () => {
      const created = await createOk();
      const res = await update(created.id, { email: 'New@Example.com', no_notification_order: true }).expect(200);
      const draft = res.body.draft_order;
      expect(draft).toMatchObject({ id: created.id, no_notification_order: true, status: 'open' });
      expect(draft.cart).toMatchObject({ email: 'new@example.com', total: 0 });
      expect(draft.cart.customer).toMatchObject({ email: 'new@example.com', has_account: false });
      expect((await t.dataSource.getRepository(DraftOrder).findOneByOrFail({ id: created.id })).no_notification_order).toBe(true);
    });

    it('sets and removes discounts, re-computing the totals', async () => {
      const discount = await createDiscount(t.dataSource.manager, { regions: [regionId], rule: { type: 'fixed', value: 300, allocation: 'total' } });
      const created = await createOk({ items: [{ variant_id: variantId, quantity: 1 }] });
      const withDiscount = (await update(created.id, { discounts: [{ code: discount.code.toLowerCase() }] }).expect(200)).body.draft_order;
      expect(withDiscount.cart).toMatchObject({ subtotal: 1000, discount_total: 300, total: 875 });
      const without = (await update(created.id, { discounts: [] }).expect(200)).body.draft_order;
      expect(without.cart).toMatchObject({ discounts: [], discount_total: 0, total: 1250 });
    });

    it('moves the draft to another region: lines re-priced, shipping methods dropped, country set', async () => {
      const created = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId }] });
      const draft = (await update(created.id, { region_id: usdRegionId }).expect(200)).body.draft_order;
      expect(draft.cart).toMatchObject({ region_id: usdRegionId, shipping_methods: [], subtotal: 1200, total: 1200 });
      expect(draft.cart.shipping_address).toMatchObject({ country_code: 'us' });
    });

    it('sets addresses, the country and the customer', async () => {
      const customer = await createCustomer(t.dataSource.manager, { email: 'switch@example.com' });
      const created = await createOk();
      const draft = (
        await update(created.id, { country_code: 'fr', billing_address: { first_name: 'Bill', country_code: 'de' }, customer_id: customer.id }).expect(200)
      ).body.draft_order;
      expect(draft.cart).toMatchObject({ customer_id: customer.id, email: 'switch@example.com' });
      expect(draft.cart.billing_address).toMatchObject({ first_name: 'Bill', country_code: 'de' });
      const shipped = (await update(created.id, { shipping_address: { address_1: 'Rue 2', country_code: 'fr' } }).expect(200)).body.draft_order;
      expect(shipped.cart.shipping_address).toMatchObject({ address_1: 'Rue 2', country_code: 'fr' });
    });

    it('answers 404 for an unknown draft, 400 for bad input, and changes nothing on failure', async () => {
      await update('dorder_missing', { no_notification_order: true }).expect(404);
      const created = await createOk();
      await update(created.id, { email: 'nope' }).expect(400);
      await update(created.id, { status: 'completed' }).expect(400);
      await update(created.id, { region_id: 'reg_missing', no_notification_order: true }).expect(404);
      await update(created.id, { shipping_address: { country_code: 'us' } }).expect(400);
      await update(created.id, { discounts: [{ code: 'NOPE' }] }).expect(404);
      const after = (await get(created.id).expect(200)).body.draft_order;
      expect(after).toMatchObject({ no_notification_order: null });
      expect(after.cart).toMatchObject({ region_id: regionId, email: 'buyer@example.com' });
    });
  });

  describe('line items', () => {
    const addLine = (id: string, body: Body) => admin.post(`/admin/draft-orders/${id}/line-items`).send(body);
    const updateLine = (id: string, lineId: string, body: Body) => admin.post(`/admin/draft-orders/${id}/line-items/${lineId}`).send(body);
    const deleteLine = (id: string, lineId: string) => admin.delete(`/admin/draft-orders/${id}/line-items/${lineId}`);

    it('adds a variant line priced for the region, merging a second add of the same variant', async () => {
      const created = await createOk();
      await addLine(created.id, { variant_id: variantId, quantity: 1 }).expect(200);
      const draft = (await addLine(created.id, { variant_id: variantId, quantity: 2 }).expect(200)).body.draft_order;
      expect(draft.cart.items).toHaveLength(1);
      expect(draft.cart.items[0]).toMatchObject({ variant_id: variantId, quantity: 3, unit_price: 1000 });
      expect(draft.cart).toMatchObject({ subtotal: 3000, total: 3750 });
    });

    it('adds a variant line at a custom price, and custom lines titled "Custom item" by default', async () => {
      const created = await createOk();
      await addLine(created.id, { variant_id: variantId, quantity: 1, unit_price: 450 }).expect(200);
      await addLine(created.id, { quantity: 2 }).expect(200);
      const draft = (await addLine(created.id, { quantity: 1, unit_price: 999, title: 'Engraving', metadata: { text: 'A' } }).expect(200)).body.draft_order;
      const byTitle = Object.fromEntries(draft.cart.items.map((i: Body) => [i.variant_id ? 'variant' : i.title, i]));
      expect(byTitle.variant).toMatchObject({ unit_price: 450, quantity: 1 });
      expect(byTitle['Custom item']).toMatchObject({ unit_price: 0, quantity: 2, allow_discounts: false, variant_id: null });
      expect(byTitle.Engraving).toMatchObject({ unit_price: 999, quantity: 1, metadata: { text: 'A' } });
      expect(draft.cart.subtotal).toBe(450 + 999);
    });

    it('lists a draft with its lines and their adjustments, as the draft itself shows them', async () => {
      const created = await createOk();
      await addLine(created.id, { variant_id: variantId, quantity: 1, unit_price: 450 }).expect(200);
      const draft = (await addLine(created.id, { quantity: 1, unit_price: 999, title: 'Engraving', metadata: { text: 'B' } }).expect(200)).body.draft_order;
      const listed = (await admin.get(`/admin/draft-orders?q=${draft.display_id}&limit=50`).expect(200)).body.draft_orders.find(
        (d: Body) => d.id === created.id,
      );
      const fields = (i: Body) => ({
        id: i.id,
        title: i.title,
        quantity: i.quantity,
        unit_price: i.unit_price,
        metadata: i.metadata,
        adjustments: i.adjustments,
      });
      expect(listed.cart.items.map(fields)).toEqual(draft.cart.items.map(fields));
      expect(listed.cart.items).toHaveLength(2);
      expect(listed.cart.items.every((i: Body) => Array.isArray(i.adjustments))).toBe(true);
    });

    it('drops the shipping methods when the lines change', async () => {
      const created = await createOk({ items: [{ variant_id: variantId, quantity: 1 }], shipping_methods: [{ option_id: optionId }] });
      expect(created.cart.shipping_methods).toHaveLength(1);
      const draft = (await addLine(created.id, { quantity: 1, unit_price: 10 }).expect(200)).body.draft_order;
      expect(draft.cart.shipping_methods).toEqual([]);
    });

    it('updates quantity, price, title and metadata; quantity 0 removes the line', async () => {
      const created = await createOk({
        items: [
          { variant_id: variantId, quantity: 1 },
          { quantity: 1, unit_price: 100, title: 'Extra' },
        ],
      });
      const variantLine = created.cart.items.find((i: Body) => i.variant_id);
      const customLine = created.cart.items.find((i: Body) => !i.variant_id);
      let draft = (await updateLine(created.id, variantLine.id, { quantity: 4 }).expect(200)).body.draft_order;
      expect(draft.cart.items.find((i: Body) => i.id === variantLine.id)).toMatchObject({ quantity: 4, unit_price: 1000 });
      draft = (await updateLine(created.id, customLine.id, { unit_price: 250, title: 'Extra care', metadata: { k: 'v' } }).expect(200)).body.draft_order;
      expect(draft.cart.items.find((i: Body) => i.id === customLine.id)).toMatchObject({
        unit_price: 250,
        title: 'Extra care',
        quantity: 1,
        metadata: { k: 'v' },
      });
      expect(draft.cart.subtotal).toBe(4000 + 250);
      draft = (await updateLine(created.id, variantLine.id, { quantity: 0 }).expect(200)).body.draft_order;
      expect(draft.cart.items.map((i: Body) => i.id)).toEqual([customLine.id]);
    });

    it('deletes a line (an unknown line changes nothing)', async () => {
      const created = await createOk({
        items: [
          { quantity: 1, unit_price: 100 },
          { quantity: 2, unit_price: 50 },
        ],
      });
      const [first, second] = created.cart.items;
      const draft = (await deleteLine(created.id, first.id).expect(200)).body.draft_order;
      expect(draft.cart.items.map((i: Body) => i.id)).toEqual([second.id]);
      const same = (await deleteLine(created.id, 'item_missing').expect(200)).body.draft_order;
      expect(same.cart.items.map((i: Body) => i.id)).toEqual([second.id]);
    });

    it('answers 404 for an unknown draft and 400 for bad input or a line of another draft', async () => {
      const created = await createOk({ items: [{ quantity: 1, unit_price: 100 }] });
      const other = await createOk({ items: [{ quantity: 1, unit_price: 100 }] });
      await addLine('dorder_missing', { quantity: 1 }).expect(404);
      await updateLine('dorder_missing', 'item_x', { quantity: 1 }).expect(404);
      await deleteLine('dorder_missing', 'item_x').expect(404);
      await addLine(created.id, {}).expect(400);
      await addLine(created.id, { quantity: 1, unit_price: -5 }).expect(400);
      await addLine(created.id, { quantity: 1.5 }).expect(400);
      await addLine(created.id, { variant_id: 'variant_missing', quantity: 1 }).expect(400);
      await updateLine(created.id, created.cart.items[0].id, { quantity: -1 }).expect(400);
      const res = await updateLine(created.id, other.cart.items[0].id, { quantity: 2 }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Could not find the line item' });
      await deleteLine(created.id, other.cart.items[0].id).expect(200);
      expect((await get(other.id).expect(200)).body.draft_order.cart.items).toHaveLength(1);
    });
  });

  describe('POST /admin/draft-orders/:id/pay (register payment) and completed drafts', () => {
    it('turns the draft into a captured order through the system provider, with the same totals as its cart', async () => {
      const discount = await createDiscount(t.dataSource.manager, { regions: [regionId], rule: { type: 'percentage', value: 20, allocation: 'total' } });
      const stockBefore = await inventory(variantId);
      const created = await createOk({
        items: [
          { variant_id: variantId, quantity: 2 },
          { title: 'Setup', unit_price: 1500, quantity: 1 },
        ],
        shipping_methods: [{ option_id: optionId, price: 400 }],
        shipping_address: { first_name: 'Ada', country_code: 'de' },
        discounts: [{ code: discount.code }],
        no_notification_order: true,
      });
      const cart = (await get(created.id).expect(200)).body.draft_order.cart;

      const res = await pay(created.id).expect(200);
      const order = res.body.order;
      expect(order.id).toMatch(/^order_/);
      expect(order).toMatchObject({
        object: 'order',
        draft_order_id: created.id,
        cart_id: cart.id,
        customer_id: cart.customer_id,
        email: 'buyer@example.com',
        region_id: regionId,
        currency_code: 'eur',
        status: 'pending',
        payment_status: 'captured',
        no_notification: true,
      });
      for (const field of ['subtotal', 'discount_total', 'shipping_total', 'tax_total', 'gift_card_total', 'total']) {
        expect([field, order[field]]).toEqual([field, cart[field]]);
      }
      // Lines 2000 + 1500 (custom, not discountable, untaxed), shipping 400, 20 % off the 2000,
      // 25 % tax on the discounted product line and the shipping.
      expect(order).toMatchObject({ subtotal: 3500, discount_total: 400, shipping_total: 400, tax_total: 500, total: 4000 });
      expect(order.items.map((i: Body) => i.id).sort()).toEqual(cart.items.map((i: Body) => i.id).sort());
      expect(order.payments).toHaveLength(1);
      expect(order.payments[0]).toMatchObject({ provider_id: 'system', amount: order.total, currency_code: 'eur' });
      expect(order.payments[0].captured_at).not.toBeNull();
      expect(await inventory(variantId)).toBe(stockBefore - 2);
      expect(cart).toMatchObject({ raw_discount_total: 400, discount_total: 400 });
      // The order as Medusa's admin answers it (what the dashboard shows after "Mark as paid").
      expect(order).toMatchObject({ fulfillments: [], refunds: [], returns: [], swaps: [], claims: [], gift_card_transactions: [] });
      expect(order).toHaveProperty('billing_address');
      const variantLine = order.items.find((i: Body) => i.variant_id === variantId);
      expect(variantLine.variant).toMatchObject({ id: variantId, product: { id: expect.stringMatching(/^prod_/) } });

      const draft = (await get(created.id).expect(200)).body.draft_order;
      expect(draft).toMatchObject({ status: 'completed', order_id: order.id });
      expect(draft.order).toMatchObject({ id: order.id });
      expect(new Date(draft.completed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(draft.cart.completed_at).not.toBeNull();
      const listed = (await admin.get(`/admin/draft-orders?q=${created.display_id}&status=completed`).expect(200)).body.draft_orders;
      expect(listed.map((d: Body) => [d.id, d.order?.id])).toContainEqual([created.id, order.id]);
    });

    describe('once completed', () => {
      let draftId: string;
      let lineId: string;

      beforeAll(async () => {
        const created = await createOk({ items: [{ quantity: 1, unit_price: 1000 }] });
        draftId = created.id;
        lineId = created.cart.items[0].id;
        await pay(draftId).expect(200);
      });

      it('refuses a second payment with 400 and creates nothing', async () => {
        const [orders, payments] = [await count(Order), await count(Payment)];
        const res = await pay(draftId).expect(400);
        expect(res.body).toEqual({ type: 'not_allowed', message: `Draft order ${draftId} has already been paid` });
        expect([await count(Order), await count(Payment)]).toEqual([orders, payments]);
      });

      it('refuses every edit with 400 "You are only allowed to update open draft orders"', async () => {
        const refusal = { type: 'not_allowed', message: 'You are only allowed to update open draft orders' };
        expect((await admin.post(`/admin/draft-orders/${draftId}`).send({ no_notification_order: true }).expect(400)).body).toEqual(refusal);
        expect((await admin.post(`/admin/draft-orders/${draftId}/line-items`).send({ quantity: 1 }).expect(400)).body).toEqual(refusal);
        expect((await admin.post(`/admin/draft-orders/${draftId}/line-items/${lineId}`).send({ quantity: 3 }).expect(400)).body).toEqual(refusal);
        expect((await admin.delete(`/admin/draft-orders/${draftId}/line-items/${lineId}`).expect(400)).body).toEqual(refusal);
        const draft = (await get(draftId).expect(200)).body.draft_order;
        expect(draft.cart.items).toHaveLength(1);
        expect(draft.cart.items[0].quantity).toBe(1);
      });

      it('cannot be deleted', async () => {
        const res = await admin.delete(`/admin/draft-orders/${draftId}`).expect(400);
        expect(res.body.type).toBe('not_allowed');
        await get(draftId).expect(200);
      });
    });

    it('places exactly one order when two payments race', async () => {
      const created = await createOk({ items: [{ quantity: 1, unit_price: 500 }] });
      const results = await Promise.all([pay(created.id), pay(created.id)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await t.dataSource.getRepository(Order).countBy({ cart_id: created.cart_id })).toBe(1);
      const draft = await t.dataSource.getRepository(DraftOrder).findOneByOrFail({ id: created.id });
      expect(draft.order_id).toBe(results.find((r) => r.status === 200)!.body.order.id);
    });

    it('refuses an empty draft with 400 and leaves it open; 404 for an unknown draft', async () => {
      const created = await createOk();
      const res = await pay(created.id).expect(400);
      expect(res.body).toMatchObject({ type: 'invalid_data', message: 'Cannot create order from empty cart' });
      expect((await get(created.id).expect(200)).body.draft_order.status).toBe('open');
      await pay('dorder_missing').expect(404);
    });
  });

  describe('DELETE /admin/draft-orders/:id', () => {
    it('deletes an open draft and retires its cart', async () => {
      const created = await createOk({ items: [{ quantity: 1, unit_price: 100 }] });
      const res = await admin.delete(`/admin/draft-orders/${created.id}`).expect(200);
      expect(res.body).toEqual({ id: created.id, object: 'draft-order', deleted: true });
      await get(created.id).expect(404);
      const cart = await t.dataSource.getRepository(Cart).findOne({ where: { id: created.cart_id }, withDeleted: true });
      expect(cart!.deleted_at).not.toBeNull();
      await t.http().get(`/store/carts/${created.cart_id}`).expect(404);
    });

    it('answers 200 for a draft that does not exist', async () => {
      const res = await admin.delete('/admin/draft-orders/dorder_missing').expect(200);
      expect(res.body).toEqual({ id: 'dorder_missing', object: 'draft-order', deleted: true });
    });
  });

  describe('authentication', () => {
    it('answers 401 on every route without an admin', async () => {
      await t.http().get('/admin/draft-orders').expect(401);
      await t.http().post('/admin/draft-orders').send(minimal()).expect(401);
      await t.http().get('/admin/draft-orders/dorder_x').expect(401);
      await t.http().post('/admin/draft-orders/dorder_x').send({}).expect(401);
      await t.http().delete('/admin/draft-orders/dorder_x').expect(401);
      await t.http().post('/admin/draft-orders/dorder_x/line-items').send({ quantity: 1 }).expect(401);
      await t.http().post('/admin/draft-orders/dorder_x/line-items/item_x').send({ quantity: 1 }).expect(401);
      await t.http().delete('/admin/draft-orders/dorder_x/line-items/item_x').expect(401);
      await t.http().post('/admin/draft-orders/dorder_x/pay').expect(401);
    });

    it('accepts an api token', async () => {
      await t.http().get('/admin/draft-orders').set('x-medusa-access-token', admin.credentials.apiToken).expect(200);
    });
  });

  describe('a gift card spent across two orders', () => {
    it('is drawn down to zero by two store checkouts, one ledger entry per order', async () => {
      const m = t.dataSource.manager;
      const giftRegionId = (await createRegion(m, { name: 'Gift region', countries: ['it'], tax_rate: 0 })).id;
      const giftOptionId = (await createShippingOption(m, { region_id: giftRegionId, amount: 500 })).id;
      const card = await createGiftCard(m, { region_id: giftRegionId, value: 3000 });

      const checkout = async (quantity: number) => {
        const cartId = (await t.http().post('/store/carts').send({ region_id: giftRegionId }).expect(200)).body.cart.id;
        await t.http().post(`/store/carts/${cartId}/line-items`).send({ variant_id: variantId, quantity }).expect(200);
        await t
          .http()
          .post(`/store/carts/${cartId}`)
          .send({ email: 'gift@example.com', gift_cards: [{ code: card.code }] })
          .expect(200);
        await t.http().post(`/store/carts/${cartId}/shipping-methods`).send({ option_id: giftOptionId }).expect(200);
        const sessions = (await t.http().post(`/store/carts/${cartId}/payment-sessions`).expect(200)).body.cart;
        if (sessions.total > 0) await t.http().post(`/store/carts/${cartId}/payment-session`).send({ provider_id: 'manual' }).expect(200);
        const res = await t.http().post(`/store/carts/${cartId}/complete`).expect(200);
        expect(res.body.type).toBe('order');
        return res.body.data as Body;
      };

      // 1000 + 500 shipping, all paid by the card (3000 -> 1500).
      const first = await checkout(1);
      expect(first).toMatchObject({ gift_card_total: 1500, total: 0 });
      expect((await t.dataSource.getRepository(GiftCard).findOneByOrFail({ id: card.id })).balance).toBe(1500);
      // 2000 + 500: the card pays its last 1500, the customer the remaining 1000.
      const second = await checkout(2);
      expect(second).toMatchObject({ gift_card_total: 1500, total: 1000 });
      expect((await t.dataSource.getRepository(GiftCard).findOneByOrFail({ id: card.id })).balance).toBe(0);

      const ledger = await t.dataSource.getRepository(GiftCardTransaction).find({ where: { gift_card_id: card.id }, order: { created_at: 'ASC' } });
      expect(ledger.map((tx) => [tx.order_id, tx.amount])).toEqual([
        [first.id, 1500],
        [second.id, 1500],
      ]);
    });
  });
});

import { LIST_LIMITS } from '../../../src/common/validation/array-limits';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

const many = <T>(count: number, make: (i: number) => T): T[] => Array.from({ length: count }, (_, i) => make(i));
const tooMany = (property: string, max: number) => ({ type: 'invalid_data', message: `${property} must not have more than ${max} entries` });

describe('Input limits: one request cannot name an unbounded number of things', () => {
  let t: TestApp;
  let shop: Shop;
  let admin: Agent;
  const count = async (table: string) => (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  it(`refuses a new cart with more than ${LIST_LIMITS.cartItems} items, creating nothing`, async () => {
    const carts = await count('cart');
    const items = many(LIST_LIMITS.cartItems + 1, () => ({ variant_id: shop.variant.id, quantity: 1 }));
    const res = await t.http().post('/store/carts').send({ region_id: shop.region.id, items }).expect(400);
    expect(res.body).toEqual(tooMany('items', LIST_LIMITS.cartItems));
    expect(await count('cart')).toBe(carts);
  });

  it(`refuses more than ${LIST_LIMITS.codes} discount or gift card codes on a cart, changing nothing`, async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const codes = many(LIST_LIMITS.codes + 1, (i) => ({ code: `CODE${i}` }));
    const discounts = await t.http().post(`/store/carts/${cart.id}`).send({ discounts: codes }).expect(400);
    expect(discounts.body).toEqual(tooMany('discounts', LIST_LIMITS.codes));
    const giftCards = await t.http().post(`/store/carts/${cart.id}`).send({ gift_cards: codes }).expect(400);
    expect(giftCards.body).toEqual(tooMany('gift_cards', LIST_LIMITS.codes));
    const after = await t.http().get(`/store/carts/${cart.id}`).expect(200);
    expect(after.body.cart).toMatchObject({ discounts: [], gift_cards: [] });
  });

  it(`accepts ${LIST_LIMITS.queryFilter} values in a list filter and refuses one more, however the list is spelled`, async () => {
    const ids = many(LIST_LIMITS.queryFilter, (i) => `prod_${i}`);
    await t
      .http()
      .get(`/store/products?id=${ids.join(',')}`)
      .expect(200);
    const comma = await t
      .http()
      .get(`/store/products?id=${[...ids, 'prod_x'].join(',')}`)
      .expect(400);
    expect(comma.body).toEqual(tooMany('id', LIST_LIMITS.queryFilter));
    const brackets = await t
      .http()
      .get(`/store/products?${[...ids, 'prod_x'].map((id) => `tags[]=${id}`).join('&')}`)
      .expect(400);
    expect(brackets.body).toEqual(tooMany('tags', LIST_LIMITS.queryFilter));
  });

  it(`refuses a batch of more than ${LIST_LIMITS.batch} resources, adding none`, async () => {
    const group = await createCustomerGroup(t.dataSource.manager);
    const customerIds = many(LIST_LIMITS.batch + 1, (i) => ({ id: `cus_${i}` }));
    const res = await admin.post(`/admin/customer-groups/${group.id}/customers/batch`).send({ customer_ids: customerIds }).expect(400);
    expect(res.body).toEqual(tooMany('customer_ids', LIST_LIMITS.batch));
    expect(await count('customer_group_customers')).toBe(0);
  });

  it(`refuses an export naming more than ${LIST_LIMITS.queryFilter} ids, creating no job`, async () => {
    const jobs = await count('batch_job');
    const id = many(LIST_LIMITS.queryFilter + 1, (i) => `order_${i}`);
    const res = await admin
      .post('/admin/batch-jobs')
      .send({ type: 'order-export', context: { filterable_fields: { id } } })
      .expect(400);
    expect(res.body.type).toBe('invalid_data');
    expect(res.body.message).toContain(`id must not have more than ${LIST_LIMITS.queryFilter} entries`);
    expect(await count('batch_job')).toBe(jobs);
  });
});

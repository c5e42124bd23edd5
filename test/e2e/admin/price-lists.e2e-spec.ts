import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { candidatePrices } from '../../../src/modules/price-lists/price-lists.repository';
import { choosePrice } from '../../../src/modules/price-lists/price-selection';
import type { Region } from '../../../src/modules/regions/region.entity';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin price lists (/admin/price-lists) and the prices they offer', () => {
  let t: TestApp;
  let admin: Agent;
  let region: Region;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    region = await createRegion(t.dataSource.manager, { currency_code: 'eur', countries: [] });
  });
  afterAll(() => t.close());

  const variantOf = async () => {
    const product = await createProduct(t.dataSource.manager, { variants: [{ prices: [{ currency_code: 'eur', amount: 4950 }] }] });
    const [{ id }] = await t.dataSource.query(`SELECT id FROM product_variant WHERE product_id = $1`, [product.id]);
    return { productId: product.id, variantId: id as string };
  };
  const priceFor = async (variantId: string, ctx: { customerGroupIds?: string[]; quantity?: number } = {}) => {
    const candidates = await candidatePrices(t.dataSource.manager, [variantId], { regionId: region.id, currencyCode: 'eur' });
    return choosePrice(candidates.get(variantId) ?? [], { regionId: region.id, currencyCode: 'eur', now: new Date(), ...ctx });
  };

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/price-lists').expect(401);
    await t.http().post('/admin/price-lists').send({}).expect(401);
  });

  it('creates a sale with a price and a customer group (200), reads, lists and updates it', async () => {
    const { variantId } = await variantOf();
    const group = await createCustomerGroup(t.dataSource.manager, { name: 'VIP' });
    const res = await admin
      .post('/admin/price-lists')
      .send({
        name: 'Summer sale',
        description: 'All summer',
        type: 'sale',
        status: 'active',
        prices: [
          { variant_id: variantId, currency_code: 'EUR', amount: 3000 },
          { variant_id: variantId, region_id: region.id, amount: 2900, min_quantity: 5 },
        ],
        customer_groups: [{ id: group.id }],
      })
      .expect(200);
    const list = res.body.price_list;
    expect(list).toMatchObject({
      id: expect.stringMatching(/^pl_/),
      name: 'Summer sale',
      type: 'sale',
      status: 'active',
      starts_at: null,
      customer_groups: [{ id: group.id }],
    });
    expect(list.prices.map((p: { currency_code: string; amount: number; variant_id: string }) => [p.currency_code, p.amount, p.variant_id])).toEqual([
      ['eur', 3000, variantId],
      ['eur', 2900, variantId],
    ]);
    expect(list.prices[0].variants).toEqual([expect.objectContaining({ id: variantId })]);
    const listed = await admin.get('/admin/price-lists?q=vip').expect(200);
    expect(listed.body).toMatchObject({ count: 1, limit: 10, offset: 0, price_lists: [{ id: list.id }] });
    expect((await admin.get(`/admin/price-lists?customer_groups[]=${group.id}`).expect(200)).body.count).toBe(1);
    expect((await admin.get('/admin/price-lists?status[]=draft').expect(200)).body.count).toBe(0);
    const updated = await admin
      .post(`/admin/price-lists/${list.id}`)
      .send({ name: 'Summer', customer_groups: [], prices: [{ id: list.prices[0].id, variant_id: variantId, amount: 3100 }], ends_at: '2030-01-01T00:00:00Z' })
      .expect(200);
    expect(updated.body.price_list).toMatchObject({ name: 'Summer', customer_groups: [], ends_at: '2030-01-01T00:00:00.000Z' });
    expect(updated.body.price_list.prices.map((p: { amount: number }) => p.amount)).toEqual([3100, 2900]);
  });

  it('refuses bad input with 400 and an unknown group with 404, writing nothing', async () => {
    const count = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM price_list`))[0].n;
    const before = await count();
    const empty = await admin.post('/admin/price-lists').send({}).expect(400);
    expect(empty.body.message).toBe(
      'name must be a string, description must be a string, type must be one of the following values: sale, override, prices must be an array',
    );
    await admin.post('/admin/price-lists').send({ name: 'x', description: '', type: 'sale', prices: [], starts_at: 'garbage' }).expect(400);
    await admin
      .post('/admin/price-lists')
      .send({ name: 'x', description: '', type: 'sale', prices: [{ variant_id: 'v', amount: 1 }] })
      .expect(400);
    const group = await admin
      .post('/admin/price-lists')
      .send({ name: 'x', description: '', type: 'sale', prices: [], customer_groups: [{ id: 'cgrp_nope' }] })
      .expect(404);
    expect(group.body.message).toBe('CustomerGroup with id cgrp_nope was not found');
    expect(await count()).toBe(before);
    await admin.get('/admin/price-lists/pl_nope').expect(404);
    await admin.post('/admin/price-lists/pl_nope').send({ name: 'x' }).expect(404);
    await admin.post('/admin/price-lists/pl_nope/prices/batch').send({ prices: [] }).expect(404);
    await admin.delete('/admin/price-lists/pl_nope/prices/batch').send({ price_ids: [] }).expect(400);
  });

  it('adds prices in batch (override removes the others), deletes by ids, per product and per variant; deleting the list removes its prices', async () => {
    const a = await variantOf();
    const b = await variantOf();
    const list = (
      await admin
        .post('/admin/price-lists')
        .send({ name: 'B', description: '', type: 'override', prices: [{ variant_id: a.variantId, currency_code: 'eur', amount: 1 }] })
        .expect(200)
    ).body.price_list;
    const added = await admin
      .post(`/admin/price-lists/${list.id}/prices/batch`)
      .send({ prices: [{ variant_id: b.variantId, currency_code: 'eur', amount: 2 }] })
      .expect(200);
    expect(added.body.price_list.prices).toHaveLength(2);
    const replaced = await admin
      .post(`/admin/price-lists/${list.id}/prices/batch`)
      .send({
        override: true,
        prices: [
          { variant_id: a.variantId, currency_code: 'eur', amount: 3 },
          { variant_id: b.variantId, currency_code: 'eur', amount: 4 },
        ],
      })
      .expect(200);
    const prices = replaced.body.price_list.prices as Array<{ id: string; amount: number }>;
    expect(prices.map((p) => p.amount)).toEqual([3, 4]);
    const byIds = await admin
      .delete(`/admin/price-lists/${list.id}/prices/batch`)
      .send({ price_ids: [prices[0].id, 'ma_unknown'] })
      .expect(200);
    expect(byIds.body).toEqual({ ids: [prices[0].id, 'ma_unknown'], object: 'money-amount', deleted: true });
    const byProduct = await admin.delete(`/admin/price-lists/${list.id}/products/${b.productId}/prices`).expect(200);
    expect(byProduct.body).toEqual({ ids: [prices[1].id], object: 'money-amount', deleted: true });
    expect((await admin.delete(`/admin/price-lists/${list.id}/variants/${a.variantId}/prices`).expect(200)).body.ids).toEqual([]);
    const again = (
      await admin
        .post(`/admin/price-lists/${list.id}/prices/batch`)
        .send({ prices: [{ variant_id: a.variantId, currency_code: 'eur', amount: 5 }] })
        .expect(200)
    ).body.price_list.prices[0];
    expect(
      (
        await admin
          .delete(`/admin/price-lists/${list.id}/products/prices/batch`)
          .send({ product_ids: [a.productId] })
          .expect(200)
      ).body.ids,
    ).toEqual([again.id]);
    await admin
      .post(`/admin/price-lists/${list.id}/prices/batch`)
      .send({ prices: [{ variant_id: a.variantId, currency_code: 'eur', amount: 6 }] })
      .expect(200);
    expect((await admin.delete(`/admin/price-lists/${list.id}`).expect(200)).body).toEqual({ id: list.id, object: 'price-list', deleted: true });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM money_amount WHERE price_list_id = $1`, [list.id]);
    expect(n).toBe(0);
    await admin.delete('/admin/price-lists/pl_nope').expect(200);
  });

  it("keeps a list's prices out of the product answers' variant prices (base prices only)", async () => {
    const { productId, variantId } = await variantOf();
    await admin
      .post('/admin/price-lists')
      .send({ name: 'Hidden', description: '', type: 'sale', status: 'active', prices: [{ variant_id: variantId, currency_code: 'eur', amount: 10 }] })
      .expect(200);
    const adminProduct = (await admin.get(`/admin/products/${productId}`).expect(200)).body.product;
    expect(adminProduct.variants[0].prices.map((p: { amount: number }) => p.amount)).toEqual([4950]);
    const storeProduct = (await t.http().get(`/store/products/${productId}`).expect(200)).body.product;
    expect(storeProduct.variants[0].prices.map((p: { amount: number }) => p.amount)).toEqual([4950]);
  });

  describe('the candidate prices (SQL) and the selection, on lists written through the API', () => {
    const create = (variantId: string, body: Record<string, unknown>, amount: number, extra: Record<string, unknown> = {}) =>
      admin
        .post('/admin/price-lists')
        .send({
          name: 'L',
          description: '',
          type: 'sale',
          status: 'active',
          prices: [{ variant_id: variantId, currency_code: 'eur', amount, ...extra }],
          ...body,
        })
        .expect(200);

    it('a sale below the base price wins', async () => {
      const { variantId } = await variantOf();
      expect(await priceFor(variantId)).toEqual({ original_price: 4950, calculated_price: 4950, calculated_price_type: 'default' });
      await create(variantId, {}, 3000);
      expect(await priceFor(variantId)).toEqual({ original_price: 4950, calculated_price: 3000, calculated_price_type: 'sale' });
    });

    it('an override above the base price does not', async () => {
      const { variantId } = await variantOf();
      await create(variantId, { type: 'override' }, 6000);
      expect((await priceFor(variantId)).calculated_price).toBe(4950);
    });

    it('a customer-group list only for its members', async () => {
      const { variantId } = await variantOf();
      const group = await createCustomerGroup(t.dataSource.manager);
      await create(variantId, { customer_groups: [{ id: group.id }] }, 2000);
      expect((await priceFor(variantId)).calculated_price).toBe(4950);
      expect((await priceFor(variantId, { customerGroupIds: [group.id] })).calculated_price).toBe(2000);
    });

    it('a quantity tier from its minimum', async () => {
      const { variantId } = await variantOf();
      await create(variantId, {}, 4000, { min_quantity: 10 });
      expect((await priceFor(variantId, { quantity: 9 })).calculated_price).toBe(4950);
      expect((await priceFor(variantId, { quantity: 10 })).calculated_price).toBe(4000);
    });

    it('an expired list, a draft list and a future list take no part', async () => {
      const { variantId } = await variantOf();
      await create(variantId, { ends_at: '2020-01-01T00:00:00Z' }, 1000);
      await create(variantId, { status: 'draft' }, 1000);
      await create(variantId, { starts_at: '2099-01-01T00:00:00Z' }, 1000);
      expect((await priceFor(variantId)).calculated_price).toBe(4950);
    });
  });
});

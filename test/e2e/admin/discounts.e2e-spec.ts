import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import type { Region } from '../../../src/modules/regions/region.entity';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin discounts (/admin/discounts)', () => {
  let t: TestApp;
  let admin: Agent;
  let eu: Region;
  let us: Region;

  const rowCounts = async () => {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM discount)::int AS discounts, (SELECT count(*) FROM discount_rule)::int AS rules,
              (SELECT count(*) FROM discount_condition)::int AS conditions, (SELECT count(*) FROM discount_regions)::int AS links`,
    );
    return row as { discounts: number; rules: number; conditions: number; links: number };
  };

  const percentage = (overrides: Record<string, unknown> = {}) => ({
    code: `p${Math.random().toString(36).slice(2, 10)}`,
    rule: { type: 'percentage', value: 10, allocation: 'total' },
    regions: [eu.id],
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    eu = await createRegion(t.dataSource.manager, { name: 'EU', countries: ['de'] });
    us = await createRegion(t.dataSource.manager, { name: 'US', currency_code: 'usd', countries: ['us'] });
  });
  afterAll(() => t.close());

  it('requires an admin on every route', async () => {
    await t.http().get('/admin/discounts').expect(401);
    await t.http().post('/admin/discounts').send(percentage()).expect(401);
    await t.http().get('/admin/discounts/disc_x').expect(401);
    await t.http().delete('/admin/discounts/disc_x').expect(401);
  });

  describe('POST /admin/discounts (create)', () => {
    it('creates a discount with its rule and regions; the code is trimmed and upper-cased', async () => {
      const res = await admin
        .post('/admin/discounts')
        .send({
          code: '  summer10 ',
          rule: { description: 'Ten off', type: 'percentage', value: 10, allocation: 'total' },
          regions: [eu.id],
          usage_limit: 100,
          metadata: { campaign: 'summer' },
        })
        .expect(200);
      const { discount } = res.body;
      expect(discount).toMatchObject({
        id: expect.stringMatching(/^disc_[0-9A-Z]{26}$/),
        code: 'SUMMER10',
        is_dynamic: false,
        is_disabled: false,
        usage_limit: 100,
        usage_count: 0,
        ends_at: null,
        valid_duration: null,
        parent_discount_id: null,
        parent_discount: null,
        metadata: { campaign: 'summer' },
        rule: { id: expect.stringMatching(/^dru_/), description: 'Ten off', type: 'percentage', value: 10, allocation: 'total', conditions: [] },
      });
      expect(discount.rule_id).toBe(discount.rule.id);
      expect(discount.regions.map((r: Region) => r.id)).toEqual([eu.id]);
      expect(Math.abs(Date.parse(discount.starts_at) - Date.now())).toBeLessThan(60_000);
    });

    it('stores dates, valid_duration, is_dynamic, is_disabled and conditions as sent', async () => {
      const product = await createProduct(t.dataSource.manager);
      const res = await admin
        .post('/admin/discounts')
        .send(
          percentage({
            code: 'DATED',
            is_dynamic: true,
            is_disabled: true,
            starts_at: '2030-01-01T00:00:00.000Z',
            ends_at: '2030-02-01T00:00:00.000Z',
            valid_duration: 'P3Y6M4DT12H30M5S',
            rule: { type: 'fixed', value: 500, allocation: 'item', conditions: [{ operator: 'in', products: [product.id] }] },
          }),
        )
        .expect(200);
      expect(res.body.discount).toMatchObject({
        code: 'DATED',
        is_dynamic: true,
        is_disabled: true,
        starts_at: '2030-01-01T00:00:00.000Z',
        ends_at: '2030-02-01T00:00:00.000Z',
        valid_duration: 'P3Y6M4DT12H30M5S',
        rule: { type: 'fixed', value: 500, allocation: 'item', conditions: [{ type: 'products', operator: 'in' }] },
      });
      const [link] = await t.dataSource.query('SELECT product_id FROM discount_condition_product WHERE condition_id = $1', [
        res.body.discount.rule.conditions[0].id,
      ]);
      expect(link.product_id).toBe(product.id);
    });

    it('accepts a free-shipping rule', async () => {
      const res = await admin
        .post('/admin/discounts')
        .send(percentage({ rule: { type: 'free_shipping', value: 0, allocation: 'total' } }))
        .expect(200);
      expect(res.body.discount.rule.type).toBe('free_shipping');
    });

    it('applies expand and fields to the returned discount', async () => {
      const res = await admin
        .post('/admin/discounts?expand=rule&fields=code')
        .send(percentage({ code: 'SHAPED' }))
        .expect(200);
      expect(Object.keys(res.body.discount).sort()).toEqual(['code', 'id', 'rule']);
      expect(res.body.discount.rule.conditions).toBeUndefined();
    });

    it('rejects a duplicate live code with 422, whatever its case', async () => {
      await admin
        .post('/admin/discounts')
        .send(percentage({ code: 'TWICE' }))
        .expect(200);
      const before = await rowCounts();
      const res = await admin
        .post('/admin/discounts')
        .send(percentage({ code: 'twice' }))
        .expect(422);
      expect(res.body).toEqual({ type: 'duplicate_error', code: 'invalid_request_error', message: 'Discount with code TWICE already exists.' });
      expect(await rowCounts()).toEqual(before);
    });

    it('lets the code of a deleted discount be reused', async () => {
      const first = await admin
        .post('/admin/discounts')
        .send(percentage({ code: 'REUSE' }))
        .expect(200);
      await admin.delete(`/admin/discounts/${first.body.discount.id}`).expect(200);
      const second = await admin
        .post('/admin/discounts')
        .send(percentage({ code: 'REUSE' }))
        .expect(200);
      expect(second.body.discount.id).not.toBe(first.body.discount.id);
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      [
        'a percentage above 100',
        percentageBody({ rule: { type: 'percentage', value: 101, allocation: 'total' } }),
        'Discount value above 100 is not allowed when type is percentage',
      ],
      ['a negative percentage', percentageBody({ rule: { type: 'percentage', value: -5, allocation: 'total' } }), 'Discount value must not be negative'],
      ['a negative fixed amount', percentageBody({ rule: { type: 'fixed', value: -1, allocation: 'total' } }), 'Discount value must not be negative'],
      ['a fractional value', percentageBody({ rule: { type: 'fixed', value: 1.5, allocation: 'total' } }), 'rule.value must be an integer number'],
      [
        'an unknown rule type',
        percentageBody({ rule: { type: 'bogus', value: 1, allocation: 'total' } }),
        'Invalid rule type, must be one of "fixed", "percentage" or "free_shipping"',
      ],
      [
        'an unknown allocation',
        percentageBody({ rule: { type: 'fixed', value: 1, allocation: 'all' } }),
        'Invalid allocation type, must be one of "total" or "item"',
      ],
      ['no code', percentageBody({ code: undefined }), 'code should not be empty'],
      ['a blank code', percentageBody({ code: '   ' }), 'code must not be blank'],
      ['no rule', percentageBody({ rule: undefined }), 'rule must be an object'],
      ['no regions', percentageBody({ regions: undefined }), 'regions must be an array'],
      ['an empty regions list', percentageBody({ regions: [] }), 'Discount must have at least 1 region'],
      [
        'ends_at before starts_at',
        percentageBody({ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' }),
        '"ends_at" must be greater than "starts_at"',
      ],
      [
        'ends_at equal to starts_at',
        percentageBody({ starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-02T00:00:00Z' }),
        '"ends_at" must be greater than "starts_at"',
      ],
      ['an invalid date', percentageBody({ starts_at: 'yesterday' }), 'starts_at must be a Date instance'],
      ['an invalid ISO 8601 duration', percentageBody({ valid_duration: 'P1H' }), '"valid_duration" must be a valid ISO 8601 duration'],
      ['an empty ISO 8601 duration', percentageBody({ valid_duration: 'P' }), '"valid_duration" must be a valid ISO 8601 duration'],
      ['a usage_limit of 0', percentageBody({ usage_limit: 0 }), 'usage_limit must be a positive number'],
      ['an unknown property', percentageBody({ usage_count: 3 }), 'property usage_count should not exist'],
      [
        'a condition with two resource arrays',
        percentageBody({
          rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [{ operator: 'in', products: ['prod_a'], product_types: ['ptyp_a'] }] },
        }),
        'Only one of products, product_types is allowed, Only one of product_types, products is allowed',
      ],
      [
        'a condition without resources',
        percentageBody({ rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [{ operator: 'in' }] } }),
        'Missing one of products, collections, tags, types or customer groups in data',
      ],
      [
        'a condition with an unknown operator',
        percentageBody({ rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [{ operator: 'maybe', products: ['prod_a'] }] } }),
        'rule.conditions.0.operator must be one of "in" or "not_in"',
      ],
    ];

    function percentageBody(overrides: Record<string, unknown>): Record<string, unknown> {
      return {
        code: `v${Math.random().toString(36).slice(2, 10)}`,
        rule: { type: 'percentage', value: 10, allocation: 'total' },
        regions: ['REGION'],
        ...overrides,
      };
    }

    it.each(invalid)('rejects %s with 400 invalid_data and writes nothing', async (_name, body, message) => {
      const before = await rowCounts();
      const payload = { ...body, regions: Array.isArray(body.regions) ? (body.regions as string[]).map(() => eu.id) : body.regions };
      const res = await admin.post('/admin/discounts').send(payload).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
      expect(await rowCounts()).toEqual(before);
    });

    it('rejects a fixed discount with more than one region (any allocation)', async () => {
      const before = await rowCounts();
      for (const allocation of ['total', 'item']) {
        const res = await admin
          .post('/admin/discounts')
          .send(percentage({ rule: { type: 'fixed', value: 100, allocation }, regions: [eu.id, us.id] }))
          .expect(400);
        expect(res.body).toEqual({ type: 'invalid_data', message: 'Fixed discounts can have one region' });
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('answers 404 for an unknown region and writes nothing', async () => {
      const before = await rowCounts();
      const res = await admin
        .post('/admin/discounts')
        .send(percentage({ regions: [eu.id, 'reg_missing'] }))
        .expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Region with reg_missing was not found' });
      expect(await rowCounts()).toEqual(before);
    });

    it.each([
      ['products', 'Product with product_id nope does not exist.'],
      ['product_types', 'Product_type with product_type_id nope does not exist.'],
      ['product_collections', 'Product_collection with product_collection_id nope does not exist.'],
      ['product_tags', 'Product_tag with product_tag_id nope does not exist.'],
      ['customer_groups', 'Customer_group with customer_group_id nope does not exist.'],
    ])('answers 404 for an unknown id in a %s condition and writes nothing', async (key, message) => {
      const before = await rowCounts();
      const res = await admin
        .post('/admin/discounts')
        .send(percentage({ rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [{ operator: 'in', [key]: ['nope'] }] } }))
        .expect(404);
      expect(res.body).toEqual({ type: 'not_found', message });
      expect(await rowCounts()).toEqual(before);
    });

    it('rejects two conditions with the same type and operator (422) and writes nothing', async () => {
      const product = await createProduct(t.dataSource.manager);
      const before = await rowCounts();
      const res = await admin
        .post('/admin/discounts')
        .send(
          percentage({
            rule: {
              type: 'percentage',
              value: 10,
              allocation: 'total',
              conditions: [
                { operator: 'in', products: [product.id] },
                { operator: 'in', products: [product.id] },
              ],
            },
          }),
        )
        .expect(422);
      expect(res.body.message).toBe("Discount Condition with operator 'in' and type 'products' already exist on a Discount Rule");
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe('GET /admin/discounts (list)', () => {
    let listT: TestApp;
    let listAdmin: Agent;
    let fixedId: string;

    beforeAll(async () => {
      listT = await createTestApp();
      listAdmin = await adminAgent(listT);
      const region = await createRegion(listT.dataSource.manager, { countries: ['it'] });
      const m = listT.dataSource.manager;
      for (let i = 0; i < 22; i++) await createDiscount(m, { code: `BULK${String(i).padStart(2, '0')}`, regions: [region.id] });
      fixedId = (await createDiscount(m, { code: 'FIXEDTOTAL', rule: { type: 'fixed', value: 100, allocation: 'total' }, regions: [region.id] })).id;
      await createDiscount(m, { code: 'FIXEDITEM', rule: { type: 'fixed', value: 100, allocation: 'item' }, is_disabled: true });
      await createDiscount(m, { code: 'DYNAMIC', is_dynamic: true });
    });
    afterAll(() => listT.close());

    it('lists 20 discounts by default, newest first, with rule, conditions, regions and parent', async () => {
      const res = await listAdmin.get('/admin/discounts').expect(200);
      expect(res.body).toMatchObject({ count: 25, offset: 0, limit: 20 });
      expect(res.body.discounts).toHaveLength(20);
      expect(res.body.discounts[0].code).toBe('DYNAMIC');
      const created = res.body.discounts.map((d: { created_at: string }) => d.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      expect(res.body.discounts[0]).toHaveProperty('rule.conditions');
      expect(res.body.discounts[0]).toHaveProperty('regions');
      expect(res.body.discounts[0]).toHaveProperty('parent_discount', null);
    });

    it('counts every live discount when nothing filters the list, exactly, as discounts are created and deleted', async () => {
      const live = async () => Number((await listT.dataSource.query(`SELECT count(*) AS n FROM discount WHERE deleted_at IS NULL`))[0].n);
      const listed = async () => (await listAdmin.get('/admin/discounts').query({ limit: 1 }).expect(200)).body.count as number;
      const region = await createRegion(listT.dataSource.manager, { countries: ['fi'] });
      const before = await live();
      expect(await listed()).toBe(before);
      const made = await listAdmin
        .post('/admin/discounts')
        .send({ code: 'COUNTME', rule: { type: 'percentage', value: 10, allocation: 'total' }, regions: [region.id] })
        .expect(200);
      expect(await listed()).toBe(before + 1);
      await listAdmin.delete(`/admin/discounts/${made.body.discount.id}`).expect(200);
      expect(await listed()).toBe(before);
      // The total is the database's own tally (one row per writing connection), not a scan of the table.
      expect(await listT.dataSource.query(`SELECT sum(live)::int AS n FROM live_row_count WHERE table_name = 'discount'`)).toEqual([{ n: before }]);
    });

    it('lists each discount with the same relations as GET /admin/discounts/:id gives it (several regions and conditions, a parent)', async () => {
      const m = listT.dataSource.manager;
      const regions = [await createRegion(m, { countries: ['pt'] }), await createRegion(m, { countries: ['gr'] })];
      const products = [await createProduct(m), await createProduct(m)];
      const parent = await createDiscount(m, {
        code: 'TREEPARENT',
        is_dynamic: true,
        regions: regions.map((r) => r.id),
        conditions: [
          { type: 'products', operator: 'in', resource_ids: products.map((p) => p.id) },
          { type: 'products', operator: 'not_in', resource_ids: [products[0].id] },
        ],
      });
      const child = await createDiscount(m, { code: 'TREECHILD', parent_discount_id: parent.id, rule_id: parent.rule_id, regions: regions.map((r) => r.id) });
      const listed = (await listAdmin.get('/admin/discounts?q=TREE').expect(200)).body.discounts;
      expect(listed.map((d: { code: string }) => d.code).sort()).toEqual(['TREECHILD', 'TREEPARENT']);
      for (const discount of listed) {
        const single = (await listAdmin.get(`/admin/discounts/${discount.id}`).expect(200)).body.discount;
        expect(discount).toEqual(single);
      }
      const listedChild = listed.find((d: { id: string }) => d.id === child.id);
      expect(listedChild.parent_discount.id).toBe(parent.id);
      expect(listedChild.regions.map((r: { id: string }) => r.id).sort()).toEqual(regions.map((r) => r.id).sort());
      expect(listed.find((d: { id: string }) => d.id === parent.id).rule.conditions).toHaveLength(2);
      await listT.dataSource.query(`DELETE FROM discount_regions WHERE discount_id IN ($1, $2)`, [parent.id, child.id]);
      await listT.dataSource.query(`UPDATE discount SET deleted_at = now() WHERE id IN ($1, $2)`, [parent.id, child.id]);
    });

    it('paginates with limit and offset', async () => {
      const res = await listAdmin.get('/admin/discounts?limit=5&offset=22&order=code').expect(200);
      expect(res.body).toMatchObject({ count: 25, offset: 22, limit: 5 });
      expect(res.body.discounts.map((d: { code: string }) => d.code)).toEqual(['DYNAMIC', 'FIXEDITEM', 'FIXEDTOTAL']);
    });

    it('searches the code case-insensitively with q', async () => {
      const res = await listAdmin.get('/admin/discounts?q=fixed').expect(200);
      expect(res.body.discounts.map((d: { code: string }) => d.code).sort()).toEqual(['FIXEDITEM', 'FIXEDTOTAL']);
    });

    it('filters by rule type and allocation', async () => {
      const fixed = await listAdmin.get('/admin/discounts?rule[type]=fixed').expect(200);
      expect(fixed.body.count).toBe(2);
      const total = await listAdmin.get('/admin/discounts?rule[type]=fixed&rule[allocation]=total').expect(200);
      expect(total.body.discounts.map((d: { id: string }) => d.id)).toEqual([fixedId]);
    });

    it('filters by is_dynamic and is_disabled', async () => {
      const dynamic = await listAdmin.get('/admin/discounts?is_dynamic=true').expect(200);
      expect(dynamic.body.discounts.map((d: { code: string }) => d.code)).toEqual(['DYNAMIC']);
      const disabled = await listAdmin.get('/admin/discounts?is_disabled=true').expect(200);
      expect(disabled.body.discounts.map((d: { code: string }) => d.code)).toEqual(['FIXEDITEM']);
      const enabled = await listAdmin.get('/admin/discounts?is_disabled=false').expect(200);
      expect(enabled.body.count).toBe(24);
    });

    it('filters by created_at', async () => {
      const future = await listAdmin.get('/admin/discounts?created_at[gt]=2999-01-01').expect(200);
      expect(future.body.count).toBe(0);
      const past = await listAdmin.get('/admin/discounts?created_at[gt]=2000-01-01').expect(200);
      expect(past.body.count).toBe(25);
    });

    it('applies expand and fields to each discount', async () => {
      const res = await listAdmin.get('/admin/discounts?fields=code&expand=rule&limit=1').expect(200);
      expect(Object.keys(res.body.discounts[0]).sort()).toEqual(['code', 'id', 'rule']);
    });

    it('rejects unknown filters, enum values, relations and fields with 400', async () => {
      const badType = await listAdmin.get('/admin/discounts?rule[type]=bogus').expect(400);
      expect(badType.body.message).toContain('Invalid rule type, must be one of "fixed", "percentage" or "free_shipping"');
      await listAdmin.get('/admin/discounts?is_dynamic=maybe').expect(400);
      await listAdmin.get('/admin/discounts?expand=secrets').expect(400);
      await listAdmin.get('/admin/discounts?fields=nope').expect(400);
      await listAdmin.get('/admin/discounts?order=nope').expect(400);
      await listAdmin.get('/admin/discounts?id=x').expect(400);
    });
  });

  describe('GET /admin/discounts/code/:code and /admin/discounts/:id', () => {
    it('finds a discount by code, case-insensitively', async () => {
      const created = await createDiscount(t.dataSource.manager, { code: 'LOOKUP', regions: [eu.id] });
      const res = await admin.get('/admin/discounts/code/lookup').expect(200);
      expect(res.body.discount).toMatchObject({ id: created.id, code: 'LOOKUP', rule: { conditions: [] }, regions: [{ id: eu.id }] });
      await admin.get('/admin/discounts/code/%20LoOkUp%20').expect(200);
    });

    it('answers 404 for an unknown or deleted code', async () => {
      const res = await admin.get('/admin/discounts/code/nothing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Discounts with code nothing was not found' });
      const deleted = await createDiscount(t.dataSource.manager, { code: 'GONE', deleted_at: new Date() });
      expect(deleted.code).toBe('GONE');
      await admin.get('/admin/discounts/code/GONE').expect(404);
    });

    it('gets a discount by id with the default relations', async () => {
      const created = await createDiscount(t.dataSource.manager, { regions: [eu.id] });
      const res = await admin.get(`/admin/discounts/${created.id}`).expect(200);
      expect(res.body.discount).toMatchObject({
        id: created.id,
        code: created.code,
        parent_discount: null,
        regions: [{ id: eu.id }],
        rule: { id: created.rule_id },
      });
    });

    it('honours expand and fields', async () => {
      const created = await createDiscount(t.dataSource.manager);
      const res = await admin.get(`/admin/discounts/${created.id}?fields=id&expand=parent_discount`).expect(200);
      expect(res.body.discount).toEqual({ id: created.id, parent_discount: null });
      const byCode = await admin.get(`/admin/discounts/code/${created.code}?fields=code,usage_count&expand=`).expect(200);
      expect(byCode.body.discount).toEqual({ id: created.id, code: created.code, usage_count: 0 });
    });

    it('answers 404 for an unknown id', async () => {
      const res = await admin.get('/admin/discounts/disc_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Discount with id disc_missing was not found' });
    });
  });

  describe('POST /admin/discounts/:id (update)', () => {
    it('updates the discount fields, merges metadata and upper-cases the code', async () => {
      const d = await createDiscount(t.dataSource.manager, { regions: [eu.id], metadata: { keep: 1, drop: 2 }, usage_limit: 5 });
      const res = await admin
        .post(`/admin/discounts/${d.id}`)
        .send({
          code: 'renamed',
          is_disabled: true,
          starts_at: '2031-01-01T00:00:00.000Z',
          ends_at: '2031-06-01T00:00:00.000Z',
          valid_duration: 'P1W',
          usage_limit: 50,
          metadata: { drop: '', added: true },
        })
        .expect(200);
      expect(res.body.discount).toMatchObject({
        id: d.id,
        code: 'RENAMED',
        is_disabled: true,
        starts_at: '2031-01-01T00:00:00.000Z',
        ends_at: '2031-06-01T00:00:00.000Z',
        valid_duration: 'P1W',
        usage_limit: 50,
        metadata: { keep: 1, added: true },
        regions: [{ id: eu.id }],
      });
    });

    it('clears ends_at, valid_duration and usage_limit with null', async () => {
      const d = await createDiscount(t.dataSource.manager, { ends_at: new Date('2040-01-01'), valid_duration: 'P1D', usage_limit: 3 });
      const res = await admin.post(`/admin/discounts/${d.id}`).send({ ends_at: null, valid_duration: null, usage_limit: null }).expect(200);
      expect(res.body.discount).toMatchObject({ ends_at: null, valid_duration: null, usage_limit: null });
    });

    it('replaces the regions (an empty list is allowed)', async () => {
      const d = await createDiscount(t.dataSource.manager, { regions: [eu.id] });
      const both = await admin
        .post(`/admin/discounts/${d.id}`)
        .send({ regions: [us.id, eu.id] })
        .expect(200);
      expect(both.body.discount.regions.map((r: Region) => r.id).sort()).toEqual([eu.id, us.id].sort());
      const none = await admin.post(`/admin/discounts/${d.id}`).send({ regions: [] }).expect(200);
      expect(none.body.discount.regions).toEqual([]);
    });

    it('updates the rule and its conditions (by id: replace; without: create)', async () => {
      const m = t.dataSource.manager;
      const [p1, p2] = [await createProduct(m), await createProduct(m)];
      const d = await createDiscount(m, { conditions: [{ type: 'products', operator: 'in', resource_ids: [p1.id] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .post(`/admin/discounts/${d.id}?expand=rule.conditions.products`)
        .send({
          rule: {
            id: d.rule_id,
            description: 'now 25',
            value: 25,
            allocation: 'item',
            conditions: [
              { id: conditionId, products: [p2.id] },
              { operator: 'not_in', products: [p1.id] },
            ],
          },
        })
        .expect(200);
      const { rule } = res.body.discount;
      expect(rule).toMatchObject({ description: 'now 25', value: 25, allocation: 'item', type: 'percentage' });
      const byOperator = Object.fromEntries(
        rule.conditions.map((c: { operator: string; products: Array<{ id: string }> }) => [c.operator, c.products.map((p) => p.id)]),
      );
      expect(byOperator).toEqual({ in: [p2.id], not_in: [p1.id] });
    });

    it('can change the operator of a condition by id', async () => {
      const p = await createProduct(t.dataSource.manager);
      const d = await createDiscount(t.dataSource.manager, { conditions: [{ type: 'products', operator: 'in', resource_ids: [p.id] }] });
      const res = await admin
        .post(`/admin/discounts/${d.id}`)
        .send({ rule: { id: d.rule_id, conditions: [{ id: d.rule!.conditions![0].id, operator: 'not_in', products: [p.id] }] } })
        .expect(200);
      expect(res.body.discount.rule.conditions[0].operator).toBe('not_in');
    });

    it('rejects rule.type and is_dynamic, which cannot change', async () => {
      const d = await createDiscount(t.dataSource.manager);
      const type = await admin
        .post(`/admin/discounts/${d.id}`)
        .send({ rule: { id: d.rule_id, type: 'fixed' } })
        .expect(400);
      expect(type.body.message).toContain('property rule.type should not exist');
      const dyn = await admin.post(`/admin/discounts/${d.id}`).send({ is_dynamic: true }).expect(400);
      expect(dyn.body.message).toContain('property is_dynamic should not exist');
    });

    const snapshot = async (id: string) => {
      const [row] = await t.dataSource.query(
        `SELECT d.*, r.value, r.description, r.allocation, (SELECT count(*) FROM discount_regions WHERE discount_id = d.id)::int AS regions,
                (SELECT count(*) FROM discount_condition WHERE discount_rule_id = d.rule_id)::int AS conditions
           FROM discount d JOIN discount_rule r ON r.id = d.rule_id WHERE d.id = $1`,
        [id],
      );
      return row;
    };

    it.each<[string, (ids: { rule: string }) => Record<string, unknown>, number, string]>([
      [
        'a percentage above 100',
        ({ rule }) => ({ code: 'CHANGED', rule: { id: rule, value: 150 } }),
        400,
        'Discount value above 100 is not allowed when type is percentage',
      ],
      ['a negative value', ({ rule }) => ({ rule: { id: rule, value: -1 } }), 400, 'Discount value must not be negative'],
      [
        'ends_at before the stored starts_at',
        () => ({ is_disabled: true, ends_at: '2019-01-01T00:00:00Z' }),
        400,
        '"ends_at" must be greater than "starts_at"',
      ],
      ['starts_at after the stored ends_at', () => ({ starts_at: '2051-01-01T00:00:00Z' }), 400, '"ends_at" must be greater than "starts_at"'],
      ['an invalid duration', () => ({ valid_duration: '3 days' }), 400, '"valid_duration" must be a valid ISO 8601 duration'],
      ['a usage_limit below the usage_count', () => ({ usage_limit: 1 }), 400, "usage_limit must not be less than the discount's usage_count (2)"],
      ['another rule id', () => ({ rule: { id: 'dru_other', value: 5 } }), 400, 'Rule with id dru_other does not belong to Discount with id'],
      ['an unknown region', () => ({ is_disabled: true, regions: ['reg_nope'] }), 404, 'Region with reg_nope was not found'],
      [
        'a condition with two arrays',
        ({ rule }) => ({ rule: { id: rule, value: 5, conditions: [{ operator: 'in', products: ['x'], product_tags: ['y'] }] } }),
        400,
        'Only one of products, product_tags is allowed',
      ],
      [
        'a condition without resources',
        ({ rule }) => ({ rule: { id: rule, value: 5, conditions: [{ operator: 'in', products: [] }] } }),
        400,
        'Missing one of products',
      ],
      [
        'a new condition without operator',
        ({ rule }) => ({ rule: { id: rule, value: 5, conditions: [{ product_tags: ['ptag_x'] }] } }),
        400,
        'operator is required for a new condition',
      ],
      [
        'an unknown condition id',
        ({ rule }) => ({ rule: { id: rule, value: 5, conditions: [{ id: 'discon_x', products: ['x'] }] } }),
        404,
        'DiscountCondition with id discon_x was not found',
      ],
      [
        'an unknown product in a condition',
        ({ rule }) => ({ rule: { id: rule, value: 5, conditions: [{ operator: 'not_in', products: ['prod_nope'] }] } }),
        404,
        'Product with product_id prod_nope does not exist.',
      ],
    ])('rejects %s and writes nothing', async (_name, body, status, message) => {
      const d = await createDiscount(t.dataSource.manager, {
        regions: [eu.id],
        usage_count: 2,
        starts_at: new Date('2020-01-01T00:00:00Z'),
        ends_at: new Date('2050-01-01T00:00:00Z'),
      });
      const before = await snapshot(d.id);
      const res = await admin
        .post(`/admin/discounts/${d.id}`)
        .send(body({ rule: d.rule_id! }))
        .expect(status);
      expect(res.body.message).toContain(message);
      expect(await snapshot(d.id)).toEqual(before);
    });

    it('rejects a fixed discount with more than one region', async () => {
      const d = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'total' }, regions: [eu.id] });
      const res = await admin
        .post(`/admin/discounts/${d.id}`)
        .send({ regions: [eu.id, us.id] })
        .expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Fixed discounts can have one region' });
      const still = await admin.get(`/admin/discounts/${d.id}`).expect(200);
      expect(still.body.discount.regions.map((r: Region) => r.id)).toEqual([eu.id]);
    });

    it('rejects a code taken by another live discount with 422', async () => {
      await createDiscount(t.dataSource.manager, { code: 'TAKEN' });
      const d = await createDiscount(t.dataSource.manager);
      const res = await admin.post(`/admin/discounts/${d.id}`).send({ code: 'taken' }).expect(422);
      expect(res.body.message).toBe('Discount with code TAKEN already exists.');
    });

    it('answers 404 for an unknown discount', async () => {
      const res = await admin.post('/admin/discounts/disc_missing').send({ is_disabled: true }).expect(404);
      expect(res.body.message).toBe('Discount with id disc_missing was not found');
    });
  });

  describe('DELETE /admin/discounts/:id', () => {
    it('soft-deletes the discount', async () => {
      const d = await createDiscount(t.dataSource.manager);
      const res = await admin.delete(`/admin/discounts/${d.id}`).expect(200);
      expect(res.body).toEqual({ id: d.id, object: 'discount', deleted: true });
      await admin.get(`/admin/discounts/${d.id}`).expect(404);
      const [row] = await t.dataSource.query('SELECT deleted_at FROM discount WHERE id = $1', [d.id]);
      expect(row.deleted_at).not.toBeNull();
      const list = await admin.get(`/admin/discounts?q=${d.code}`).expect(200);
      expect(list.body.count).toBe(0);
    });

    it('succeeds for an unknown id', async () => {
      const res = await admin.delete('/admin/discounts/disc_missing').expect(200);
      expect(res.body).toEqual({ id: 'disc_missing', object: 'discount', deleted: true });
    });
  });

  describe('regions: POST and DELETE /admin/discounts/:id/regions/:region_id', () => {
    it('adds a region, and adding it again is a no-op', async () => {
      const d = await createDiscount(t.dataSource.manager, { regions: [eu.id] });
      const res = await admin.post(`/admin/discounts/${d.id}/regions/${us.id}`).expect(200);
      expect(res.body.discount.regions.map((r: Region) => r.id).sort()).toEqual([eu.id, us.id].sort());
      expect(res.body.discount.rule).toBeDefined();
      const again = await admin.post(`/admin/discounts/${d.id}/regions/${us.id}`).expect(200);
      expect(again.body.discount.regions).toHaveLength(2);
    });

    it('refuses a second region on a fixed discount, but re-adding its region is fine', async () => {
      const d = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'item' }, regions: [eu.id] });
      const res = await admin.post(`/admin/discounts/${d.id}/regions/${us.id}`).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Fixed discounts can have one region' });
      await admin.post(`/admin/discounts/${d.id}/regions/${eu.id}`).expect(200);
      const empty = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'total' } });
      const first = await admin.post(`/admin/discounts/${empty.id}/regions/${us.id}`).expect(200);
      expect(first.body.discount.regions.map((r: Region) => r.id)).toEqual([us.id]);
    });

    it('allows only one of two concurrent region adds on a fixed discount', async () => {
      const d = await createDiscount(t.dataSource.manager, { rule: { type: 'fixed', value: 100, allocation: 'total' } });
      const results = await Promise.all([admin.post(`/admin/discounts/${d.id}/regions/${eu.id}`), admin.post(`/admin/discounts/${d.id}/regions/${us.id}`)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const [row] = await t.dataSource.query('SELECT count(*)::int AS n FROM discount_regions WHERE discount_id = $1', [d.id]);
      expect(row.n).toBe(1);
    });

    it('answers 404 for an unknown region or discount', async () => {
      const d = await createDiscount(t.dataSource.manager);
      const region = await admin.post(`/admin/discounts/${d.id}/regions/reg_nope`).expect(404);
      expect(region.body.message).toBe('Region with reg_nope was not found');
      const discount = await admin.post(`/admin/discounts/disc_nope/regions/${eu.id}`).expect(404);
      expect(discount.body.message).toBe('Discount with id disc_nope was not found');
      await admin.delete(`/admin/discounts/disc_nope/regions/${eu.id}`).expect(404);
    });

    it('removes a region; removing one that is not linked is a no-op', async () => {
      const d = await createDiscount(t.dataSource.manager, { regions: [eu.id, us.id] });
      const res = await admin.delete(`/admin/discounts/${d.id}/regions/${eu.id}`).expect(200);
      expect(res.body.discount.regions.map((r: Region) => r.id)).toEqual([us.id]);
      const again = await admin.delete(`/admin/discounts/${d.id}/regions/${eu.id}`).expect(200);
      expect(again.body.discount.regions.map((r: Region) => r.id)).toEqual([us.id]);
    });
  });
});

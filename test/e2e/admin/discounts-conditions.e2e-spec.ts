import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import { CustomerGroup } from '../../../src/modules/customer-groups/customer-group.entity';
import { ProductTag, ProductType } from '../../../src/modules/products/product-taxonomy.entities';
import type { Discount } from '../../../src/modules/discounts/discount.entity';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin discount conditions (/admin/discounts/:id/conditions)', () => {
  let t: TestApp;
  let admin: Agent;
  let products: string[];
  let typeId: string;
  let tagIds: string[];
  let collectionId: string;
  let groupId: string;

  const resourceIds = async (conditionId: string, table = 'discount_condition_product', column = 'product_id'): Promise<string[]> => {
    const rows: Array<{ id: string }> = await t.dataSource.query(`SELECT "${column}" AS id FROM "${table}" WHERE condition_id = $1 ORDER BY 1`, [conditionId]);
    return rows.map((r) => r.id);
  };
  const conditionCount = async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM discount_condition'))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    const m = t.dataSource.manager;
    products = [(await createProduct(m)).id, (await createProduct(m)).id, (await createProduct(m)).id].sort();
    const save = <T extends object>(entity: new () => T, fields: Partial<T>) => m.getRepository(entity).save(m.getRepository(entity).create(fields as T));
    typeId = (await save(ProductType, { value: 'apparel' })).id;
    tagIds = [(await save(ProductTag, { value: 'cotton' })).id, (await save(ProductTag, { value: 'sale' })).id].sort();
    collectionId = (await save(ProductCollection, { title: 'Summer', handle: 'summer' })).id;
    groupId = (await save(CustomerGroup, { name: 'VIP' })).id;
  });
  afterAll(() => t.close());

  const newDiscount = (spec: Parameters<typeof createDiscount>[1] = {}): Promise<Discount> => createDiscount(t.dataSource.manager, spec);

  describe('POST /admin/discounts/:id/conditions (create)', () => {
    it.each([
      ['products', () => ({ products: [products[0], products[1]] }), 'discount_condition_product', 'product_id', () => [products[0], products[1]]],
      ['product_types', () => ({ product_types: [typeId] }), 'discount_condition_product_type', 'product_type_id', () => [typeId]],
      [
        'product_collections',
        () => ({ product_collections: [collectionId] }),
        'discount_condition_product_collection',
        'product_collection_id',
        () => [collectionId],
      ],
      ['product_tags', () => ({ product_tags: tagIds }), 'discount_condition_product_tag', 'product_tag_id', () => tagIds],
      ['customer_groups', () => ({ customer_groups: [groupId] }), 'discount_condition_customer_group', 'customer_group_id', () => [groupId]],
    ])('creates a %s condition with its resources and answers with the discount', async (type, body, table, column, expected) => {
      const d = await newDiscount();
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions`)
        .send({ operator: 'in', ...body() })
        .expect(200);
      expect(res.body.discount.id).toBe(d.id);
      expect(res.body.discount.rule.conditions).toEqual([
        expect.objectContaining({ id: expect.stringMatching(/^discon_/), type, operator: 'in', discount_rule_id: d.rule_id }),
      ]);
      expect(await resourceIds(res.body.discount.rule.conditions[0].id, table, column)).toEqual(expected());
    });

    it('applies expand and fields to the returned discount', async () => {
      const d = await newDiscount();
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions?expand=rule.conditions.products&fields=code`)
        .send({ operator: 'not_in', products: [products[2]] })
        .expect(200);
      expect(Object.keys(res.body.discount).sort()).toEqual(['code', 'id', 'rule']);
      expect(res.body.discount.rule.conditions[0].products.map((p: { id: string }) => p.id)).toEqual([products[2]]);
    });

    it('allows in and not_in of the same type, but not a second condition with the same type and operator (422)', async () => {
      const d = await newDiscount();
      await admin
        .post(`/admin/discounts/${d.id}/conditions`)
        .send({ operator: 'in', products: [products[0]] })
        .expect(200);
      await admin
        .post(`/admin/discounts/${d.id}/conditions`)
        .send({ operator: 'not_in', products: [products[1]] })
        .expect(200);
      const before = await conditionCount();
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions`)
        .send({ operator: 'in', products: [products[2]] })
        .expect(422);
      expect(res.body).toEqual({
        type: 'duplicate_error',
        code: 'invalid_request_error',
        message: "Discount Condition with operator 'in' and type 'products' already exist on a Discount Rule",
      });
      expect(await conditionCount()).toBe(before);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no resource array', { operator: 'in' }, 'Missing one of products, collections, tags, types or customer groups in data'],
      ['only empty arrays', { operator: 'in', products: [] }, 'Missing one of products, collections, tags, types or customer groups in data'],
      [
        'two resource arrays',
        { operator: 'in', products: ['a'], customer_groups: ['b'] },
        'Only one of products, customer_groups is allowed, Only one of customer_groups, products is allowed',
      ],
      ['no operator', { products: ['a'] }, 'operator must be one of "in" or "not_in"'],
      ['an unknown operator', { operator: 'nin', products: ['a'] }, 'operator must be one of "in" or "not_in"'],
      ['a non-string id', { operator: 'in', products: [1] }, 'each value in products must be a string'],
    ])('rejects %s with 400 and writes nothing', async (_name, body, message) => {
      const d = await newDiscount();
      const before = await conditionCount();
      const res = await admin.post(`/admin/discounts/${d.id}/conditions`).send(body).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message });
      expect(await conditionCount()).toBe(before);
    });

    it('answers 404 for an unknown resource id and writes nothing', async () => {
      const d = await newDiscount();
      const before = await conditionCount();
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions`)
        .send({ operator: 'in', product_tags: [tagIds[0], 'ptag_nope'] })
        .expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Product_tag with product_tag_id ptag_nope does not exist.' });
      expect(await conditionCount()).toBe(before);
    });

    it('answers 404 for an unknown discount', async () => {
      const res = await admin
        .post('/admin/discounts/disc_nope/conditions')
        .send({ operator: 'in', products: [products[0]] })
        .expect(404);
      expect(res.body.message).toBe('Discount with id disc_nope was not found');
    });

    it('requires an admin', async () => {
      await t
        .http()
        .post('/admin/discounts/disc_x/conditions')
        .send({ operator: 'in', products: ['x'] })
        .expect(401);
    });
  });

  describe('GET /admin/discounts/:id/conditions/:condition_id', () => {
    it('returns the condition with its rule', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin.get(`/admin/discounts/${d.id}/conditions/${conditionId}`).expect(200);
      expect(res.body.discount_condition).toMatchObject({
        id: conditionId,
        type: 'products',
        operator: 'in',
        discount_rule_id: d.rule_id,
        discount_rule: { id: d.rule_id, type: 'percentage' },
      });
    });

    it('applies expand and fields to the condition', async () => {
      const d = await newDiscount({ conditions: [{ type: 'customer_groups', operator: 'not_in', resource_ids: [groupId] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin.get(`/admin/discounts/${d.id}/conditions/${conditionId}?expand=customer_groups&fields=type`).expect(200);
      expect(res.body.discount_condition).toEqual({
        id: conditionId,
        type: 'customer_groups',
        customer_groups: [expect.objectContaining({ id: groupId, name: 'VIP' })],
      });
      await admin.get(`/admin/discounts/${d.id}/conditions/${conditionId}?expand=nope`).expect(400);
    });

    it('answers 404 for an unknown discount or condition, 400 for a condition of another discount', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const other = await newDiscount();
      const conditionId = d.rule!.conditions![0].id;
      const noDiscount = await admin.get(`/admin/discounts/disc_nope/conditions/${conditionId}`).expect(404);
      expect(noDiscount.body.message).toBe('Discount with id disc_nope was not found');
      const noCondition = await admin.get(`/admin/discounts/${d.id}/conditions/discon_nope`).expect(404);
      expect(noCondition.body.message).toBe('DiscountCondition with id discon_nope was not found');
      const mismatch = await admin.get(`/admin/discounts/${other.id}/conditions/${conditionId}`).expect(400);
      expect(mismatch.body).toEqual({ type: 'invalid_data', message: `Condition with id ${conditionId} does not belong to Discount with id ${other.id}` });
    });
  });

  describe('POST /admin/discounts/:id/conditions/:condition_id (update)', () => {
    it('replaces the resources of the condition', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0], products[1]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}`)
        .send({ products: [products[1], products[2]] })
        .expect(200);
      expect(res.body.discount.id).toBe(d.id);
      expect(await resourceIds(conditionId)).toEqual([products[1], products[2]].sort());
    });

    it('rejects an operator (not part of this body), another resource type, and no resources', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const operator = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}`)
        .send({ operator: 'not_in', products: [products[1]] })
        .expect(400);
      expect(operator.body.message).toBe('property operator should not exist');
      const otherType = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}`)
        .send({ product_tags: [tagIds[0]] })
        .expect(400);
      expect(otherType.body.message).toBe(`Condition with id ${conditionId} is of type products; its type cannot be changed`);
      const none = await admin.post(`/admin/discounts/${d.id}/conditions/${conditionId}`).send({}).expect(400);
      expect(none.body.message).toBe('Missing one of products, collections, tags, types or customer groups in data');
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });

    it('answers 404 for an unknown resource and keeps the old ones', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}`)
        .send({ products: [products[1], 'prod_nope'] })
        .expect(404);
      expect(res.body.message).toBe('Product with product_id prod_nope does not exist.');
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });

    it('checks that the condition belongs to the discount', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const other = await newDiscount();
      const conditionId = d.rule!.conditions![0].id;
      await admin
        .post(`/admin/discounts/${other.id}/conditions/${conditionId}`)
        .send({ products: [products[1]] })
        .expect(400);
      await admin
        .post(`/admin/discounts/${d.id}/conditions/discon_nope`)
        .send({ products: [products[1]] })
        .expect(404);
      await admin
        .post(`/admin/discounts/disc_nope/conditions/${conditionId}`)
        .send({ products: [products[1]] })
        .expect(404);
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });
  });

  describe('DELETE /admin/discounts/:id/conditions/:condition_id', () => {
    it('deletes the condition and its resource links and answers with the discount', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin.delete(`/admin/discounts/${d.id}/conditions/${conditionId}`).expect(200);
      expect(res.body).toMatchObject({ id: conditionId, object: 'discount-condition', deleted: true, discount: { id: d.id, rule: { conditions: [] } } });
      expect(await resourceIds(conditionId)).toEqual([]);
      const [row] = await t.dataSource.query('SELECT count(*)::int AS n FROM discount_condition WHERE id = $1', [conditionId]);
      expect(row.n).toBe(0);
    });

    it('is idempotent for an unknown condition of an existing discount; 404 for an unknown discount', async () => {
      const d = await newDiscount();
      const res = await admin.delete(`/admin/discounts/${d.id}/conditions/discon_nope?fields=code&expand=`).expect(200);
      expect(res.body).toEqual({ id: 'discon_nope', object: 'discount-condition', deleted: true, discount: { id: d.id, code: d.code } });
      const missing = await admin.delete('/admin/discounts/disc_nope/conditions/discon_nope').expect(404);
      expect(missing.body.message).toBe('Discount with id disc_nope was not found');
    });

    it('answers 404 for a condition of another discount and keeps it', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const other = await newDiscount();
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin.delete(`/admin/discounts/${other.id}/conditions/${conditionId}`).expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: `Condition with id ${conditionId} does not belong to Discount with id ${other.id}` });
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });
  });

  describe('POST and DELETE /admin/discounts/:id/conditions/:condition_id/batch', () => {
    it('adds resources of the condition type; already linked ones are kept once', async () => {
      const d = await newDiscount({ conditions: [{ type: 'product_tags', operator: 'in', resource_ids: [tagIds[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}/batch?expand=rule.conditions.product_tags`)
        .send({ resources: [{ id: tagIds[0] }, { id: tagIds[1] }] })
        .expect(200);
      expect(res.body.discount.rule.conditions[0].product_tags.map((tag: { id: string }) => tag.id).sort()).toEqual(tagIds);
      expect(await resourceIds(conditionId, 'discount_condition_product_tag', 'product_tag_id')).toEqual(tagIds);
    });

    it('answers 404 for an unknown resource and adds nothing', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .post(`/admin/discounts/${d.id}/conditions/${conditionId}/batch`)
        .send({ resources: [{ id: products[1] }, { id: 'prod_nope' }] })
        .expect(404);
      expect(res.body.message).toBe('Product with product_id prod_nope does not exist.');
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });

    it('validates the body', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const conditionId = d.rule!.conditions![0].id;
      const missing = await admin.post(`/admin/discounts/${d.id}/conditions/${conditionId}/batch`).send({}).expect(400);
      expect(missing.body.message).toContain('resources must be an array');
      const empty = await admin.post(`/admin/discounts/${d.id}/conditions/${conditionId}/batch`).send({ resources: [] }).expect(400);
      expect(empty.body.message).toContain('resources should not be empty');
      const shape = await admin
        .delete(`/admin/discounts/${d.id}/conditions/${conditionId}/batch`)
        .send({ resources: [{ key: 'x' }] })
        .expect(400);
      expect(shape.body.message).toContain('resources.0.id must be a string');
    });

    it('removes the listed resources; unlinked ids are ignored', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'not_in', resource_ids: products }] });
      const conditionId = d.rule!.conditions![0].id;
      const res = await admin
        .delete(`/admin/discounts/${d.id}/conditions/${conditionId}/batch`)
        .send({ resources: [{ id: products[0] }, { id: 'prod_never_linked' }] })
        .expect(200);
      expect(res.body.discount.id).toBe(d.id);
      expect(await resourceIds(conditionId)).toEqual([products[1], products[2]]);
    });

    it('checks membership on both routes', async () => {
      const d = await newDiscount({ conditions: [{ type: 'products', operator: 'in', resource_ids: [products[0]] }] });
      const other = await newDiscount();
      const conditionId = d.rule!.conditions![0].id;
      const add = await admin
        .post(`/admin/discounts/${other.id}/conditions/${conditionId}/batch`)
        .send({ resources: [{ id: products[1] }] })
        .expect(400);
      expect(add.body.message).toBe(`Condition with id ${conditionId} does not belong to Discount with id ${other.id}`);
      await admin
        .delete(`/admin/discounts/${other.id}/conditions/${conditionId}/batch`)
        .send({ resources: [{ id: products[0] }] })
        .expect(400);
      await admin
        .post(`/admin/discounts/${d.id}/conditions/discon_nope/batch`)
        .send({ resources: [{ id: products[1] }] })
        .expect(404);
      await admin
        .delete(`/admin/discounts/disc_nope/conditions/${conditionId}/batch`)
        .send({ resources: [{ id: products[1] }] })
        .expect(404);
      expect(await resourceIds(conditionId)).toEqual([products[0]]);
    });
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createRegion } from '../../factories/region.factory';
import { DiscountsService } from '../../../src/modules/discounts/discounts.service';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin dynamic discount codes (/admin/discounts/:id/dynamic-codes)', () => {
  let t: TestApp;
  let admin: Agent;
  let regionId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
    regionId = (await createRegion(t.dataSource.manager)).id;
  });
  afterAll(() => t.close());

  const dynamicParent = (spec: Parameters<typeof createDiscount>[1] = {}) =>
    createDiscount(t.dataSource.manager, { is_dynamic: true, regions: [regionId], usage_limit: 1000, ...spec });

  describe('POST (create a code)', () => {
    it('creates a child code sharing the parent rule, with the usage_limit sent and ends_at = now + valid_duration', async () => {
      const parent = await dynamicParent({ valid_duration: 'P2D' });
      const before = Date.now();
      const res = await admin
        .post(`/admin/discounts/${parent.id}/dynamic-codes`)
        .send({ code: 'welcome-ada', usage_limit: 3, metadata: { for: 'ada' } })
        .expect(200);
      const after = Date.now();
      const child = res.body.discount;
      expect(child).toMatchObject({
        id: expect.stringMatching(/^disc_/),
        code: 'WELCOME-ADA',
        is_dynamic: true,
        is_disabled: false,
        parent_discount_id: parent.id,
        parent_discount: { id: parent.id },
        rule_id: parent.rule_id,
        rule: { id: parent.rule_id },
        usage_limit: 3,
        usage_count: 0,
        metadata: { for: 'ada' },
        regions: [],
      });
      const twoDays = 2 * 86_400_000;
      expect(Date.parse(child.ends_at)).toBeGreaterThanOrEqual(before + twoDays - 1000);
      expect(Date.parse(child.ends_at)).toBeLessThanOrEqual(after + twoDays + 1000);
      const [ruleCount] = await t.dataSource.query('SELECT count(*)::int AS n FROM discount WHERE rule_id = $1', [parent.rule_id]);
      expect(ruleCount.n).toBe(2);
    });

    it('defaults usage_limit to 1 and ends_at to null without a valid_duration', async () => {
      const parent = await dynamicParent();
      const res = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'plain' }).expect(200);
      expect(res.body.discount).toMatchObject({ code: 'PLAIN', usage_limit: 1, ends_at: null, metadata: null });
    });

    it('lists generated codes with the other discounts', async () => {
      const parent = await dynamicParent({ code: 'FAMILY' });
      await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'family-1' }).expect(200);
      const res = await admin.get('/admin/discounts?q=family&order=code').expect(200);
      expect(res.body.discounts.map((d: { code: string }) => d.code)).toEqual(['FAMILY', 'FAMILY-1']);
      expect(res.body.discounts[1].parent_discount.id).toBe(parent.id);
    });

    it('refuses codes under a non-dynamic discount with 400 and writes nothing', async () => {
      const parent = await createDiscount(t.dataSource.manager, { is_dynamic: false });
      const res = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'nope' }).expect(400);
      expect(res.body).toEqual({ type: 'not_allowed', message: 'Discount must be set to dynamic' });
      const [row] = await t.dataSource.query('SELECT count(*)::int AS n FROM discount WHERE parent_discount_id = $1', [parent.id]);
      expect(row.n).toBe(0);
    });

    it('rejects a code already in use with 422', async () => {
      const parent = await dynamicParent();
      await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'once' }).expect(200);
      const res = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'ONCE' }).expect(422);
      expect(res.body.message).toBe('Discount with code ONCE already exists.');
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no code', {}, 'code should not be empty'],
      ['a blank code', { code: '  ' }, 'code must not be blank'],
      ['a usage_limit of 0', { code: 'x', usage_limit: 0 }, 'usage_limit must be a positive number'],
      ['a fractional usage_limit', { code: 'x', usage_limit: 1.5 }, 'usage_limit must be an integer number'],
      ['an unknown property', { code: 'x', ends_at: '2030-01-01' }, 'property ends_at should not exist'],
    ])('validates the body: %s', async (_name, body, message) => {
      const parent = await dynamicParent();
      const res = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send(body).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain(message);
    });

    it('answers 404 for an unknown parent and 401 without an admin', async () => {
      const res = await admin.post('/admin/discounts/disc_nope/dynamic-codes').send({ code: 'x' }).expect(404);
      expect(res.body.message).toBe('Discount with id disc_nope was not found');
      await t.http().post('/admin/discounts/disc_nope/dynamic-codes').send({ code: 'x' }).expect(401);
    });
  });

  describe('DELETE /:code (delete a code)', () => {
    it('soft-deletes the child code (any case) and answers with the parent', async () => {
      const parent = await dynamicParent();
      const created = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'gone-soon' }).expect(200);
      const res = await admin.delete(`/admin/discounts/${parent.id}/dynamic-codes/gone-soon`).expect(200);
      expect(res.body.discount).toMatchObject({ id: parent.id, code: parent.code, regions: [{ id: regionId }] });
      await admin.get(`/admin/discounts/${created.body.discount.id}`).expect(404);
      await admin.get('/admin/discounts/code/GONE-SOON').expect(404);
      const again = await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'gone-soon' }).expect(200);
      expect(again.body.discount.id).not.toBe(created.body.discount.id);
    });

    it('is a no-op for an unknown code or a code of another parent', async () => {
      const parent = await dynamicParent();
      const other = await dynamicParent();
      const child = await admin.post(`/admin/discounts/${other.id}/dynamic-codes`).send({ code: 'others' }).expect(200);
      await admin.delete(`/admin/discounts/${parent.id}/dynamic-codes/OTHERS`).expect(200);
      await admin.delete(`/admin/discounts/${parent.id}/dynamic-codes/NEVER`).expect(200);
      await admin.get(`/admin/discounts/${child.body.discount.id}`).expect(200);
    });

    it('does not delete the parent through its own code', async () => {
      const parent = await dynamicParent();
      await admin.delete(`/admin/discounts/${parent.id}/dynamic-codes/${parent.code}`).expect(200);
      await admin.get(`/admin/discounts/${parent.id}`).expect(200);
    });

    it('answers 404 for an unknown parent', async () => {
      const res = await admin.delete('/admin/discounts/disc_nope/dynamic-codes/X').expect(404);
      expect(res.body.message).toBe('Discount with id disc_nope was not found');
    });
  });

  describe('generated codes seen by carts (DiscountsService)', () => {
    it('carry the parent rule conditions and the parent regions into the engine view', async () => {
      const product = await createProduct(t.dataSource.manager);
      const parent = await dynamicParent({
        valid_duration: 'P1D',
        conditions: [{ type: 'products', operator: 'in', resource_ids: [product.id] }],
      });
      await admin.post(`/admin/discounts/${parent.id}/dynamic-codes`).send({ code: 'cart-code', usage_limit: 2 }).expect(200);
      const engine = (await t.app.get(DiscountsService).engineDiscountsByCode(['CART-CODE'], t.dataSource.manager)).get('CART-CODE');
      expect(engine).toMatchObject({
        code: 'CART-CODE',
        is_dynamic: true,
        usage_limit: 2,
        usage_count: 0,
        valid_duration: null,
        region_ids: [regionId],
        rule: { type: 'percentage', value: 10, allocation: 'total', conditions: [{ type: 'products', operator: 'in', resource_ids: [product.id] }] },
      });
      expect(engine!.ends_at).toBeInstanceOf(Date);
    });
  });
});

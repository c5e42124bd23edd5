import { CustomerGroup } from '../../../src/modules/customer-groups/customer-group.entity';
import { Customer } from '../../../src/modules/customers/customer.entity';
import { createCustomer } from '../../factories/customer.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

describe('Admin customer groups (/admin/customer-groups)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const members = async (groupId: string) =>
    (await t.dataSource.query('SELECT customer_id FROM customer_group_customers WHERE customer_group_id = $1 ORDER BY customer_id', [groupId])).map(
      (r: { customer_id: string }) => r.customer_id,
    );

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/customer-groups').expect(401);
    await t.http().post('/admin/customer-groups').send({ name: 'x' }).expect(401);
    await t.http().delete('/admin/customer-groups/cgrp_x').expect(401);
    await t.http().post('/admin/customer-groups/cgrp_x/customers/batch').send({ customer_ids: [] }).expect(401);
  });

  describe('POST /admin/customer-groups', () => {
    it('creates a group (200) with metadata', async () => {
      const res = await admin
        .post('/admin/customer-groups')
        .send({ name: 'Wholesale', metadata: { tier: 2 } })
        .expect(200);
      expect(res.body.customer_group).toMatchObject({
        id: expect.stringMatching(/^cgrp_/),
        name: 'Wholesale',
        metadata: { tier: 2 },
        deleted_at: null,
      });
    });

    it('refuses a duplicate live name with a 422 naming the name; a deleted group frees its name', async () => {
      await admin.post('/admin/customer-groups').send({ name: 'Twice' }).expect(200);
      const res = await admin.post('/admin/customer-groups').send({ name: 'Twice' }).expect(422);
      expect(res.body).toEqual({ type: 'duplicate_error', code: 'invalid_request_error', message: 'Key (name)=(Twice) already exists.' });

      const old = await createCustomerGroup(t.dataSource.manager, { name: 'Recycled' });
      await admin.delete(`/admin/customer-groups/${old.id}`).expect(200);
      await admin.post('/admin/customer-groups').send({ name: 'Recycled' }).expect(200);
    });

    it('validates the body', async () => {
      const res = await admin.post('/admin/customer-groups').send({ metadata: [], extra: 1 }).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain('name must be a string');
      expect(res.body.message).toContain('metadata must be an object');
      expect(res.body.message).toContain('property extra should not exist');
    });
  });

  describe('GET /admin/customer-groups', () => {
    let gold: CustomerGroup;
    let silver: CustomerGroup;
    let bronze: CustomerGroup;
    let member: Customer;

    beforeAll(async () => {
      const m = t.dataSource.manager;
      member = await createCustomer(m);
      gold = await createCustomerGroup(m, { name: 'Tier Gold', customer_ids: [member.id] });
      silver = await createCustomerGroup(m, { name: 'Tier Silver' });
      bronze = await createCustomerGroup(m, { name: 'Tier Bronze_%' });
    });

    it('lists with default limit 10, newest first, no relations', async () => {
      for (let i = 0; i < 9; i++) await createCustomerGroup(t.dataSource.manager, { name: `Filler ${i}` });
      const res = await admin.get('/admin/customer-groups').expect(200);
      expect(res.body).toMatchObject({ offset: 0, limit: 10 });
      expect(res.body.count).toBeGreaterThan(10);
      expect(res.body.customer_groups).toHaveLength(10);
      const created = res.body.customer_groups.map((g: CustomerGroup) => g.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      expect(res.body.customer_groups[0]).not.toHaveProperty('customers');
    });

    it('searches q on the name (case-insensitive, wildcards literal)', async () => {
      const res = await admin.get('/admin/customer-groups').query({ q: 'tier' }).expect(200);
      expect(ids(res.body.customer_groups)).toEqual(ids([gold, silver, bronze]));
      const literal = await admin.get('/admin/customer-groups').query({ q: '_%' }).expect(200);
      expect(ids(literal.body.customer_groups)).toEqual([bronze.id]);
    });

    it('filters by name[] and by id', async () => {
      const byName = await admin.get('/admin/customer-groups?name[]=Tier Gold&name[]=Tier Silver').expect(200);
      expect(ids(byName.body.customer_groups)).toEqual(ids([gold, silver]));
      const byId = await admin.get(`/admin/customer-groups?id[]=${gold.id}&id[]=${bronze.id}`).expect(200);
      expect(ids(byId.body.customer_groups)).toEqual(ids([gold, bronze]));
      const single = await admin.get(`/admin/customer-groups?id=${silver.id}`).expect(200);
      expect(ids(single.body.customer_groups)).toEqual([silver.id]);
    });

    it('filters by created_at/updated_at and orders by a column', async () => {
      const future = new Date(Date.now() + 60_000).toISOString();
      const none = await admin.get(`/admin/customer-groups?created_at[gte]=${future}`).expect(200);
      expect(none.body.count).toBe(0);
      const past = await admin.get(`/admin/customer-groups?updated_at[lt]=${future}&q=tier&order=name`).expect(200);
      expect(past.body.customer_groups.map((g: CustomerGroup) => g.name)).toEqual(['Tier Bronze_%', 'Tier Gold', 'Tier Silver']);
      const desc = await admin.get('/admin/customer-groups').query({ q: 'tier', order: '-name', limit: 1 }).expect(200);
      expect(desc.body).toMatchObject({ count: 3, limit: 1, customer_groups: [{ name: 'Tier Silver' }] });
    });

    it("filters by discount_condition_id (the condition's customer groups)", async () => {
      const discount = await createDiscount(t.dataSource.manager, {
        conditions: [{ type: 'customer_groups', operator: 'in', resource_ids: [gold.id, bronze.id] }],
      });
      const conditionId = discount.rule!.conditions![0].id;
      const res = await admin.get('/admin/customer-groups').query({ discount_condition_id: conditionId }).expect(200);
      expect(ids(res.body.customer_groups)).toEqual(ids([gold, bronze]));
      const narrowed = await admin.get('/admin/customer-groups').query({ discount_condition_id: conditionId, q: 'gold' }).expect(200);
      expect(ids(narrowed.body.customer_groups)).toEqual([gold.id]);
      const unknown = await admin.get('/admin/customer-groups').query({ discount_condition_id: 'discon_missing' }).expect(200);
      expect(unknown.body.count).toBe(0);
    });

    it('expands customers and selects fields; unknown names are a 400', async () => {
      const res = await admin.get('/admin/customer-groups').query({ id: gold.id, expand: 'customers', fields: 'name' }).expect(200);
      expect(res.body.customer_groups).toEqual([
        { id: gold.id, name: 'Tier Gold', customers: [expect.objectContaining({ id: member.id, email: member.email })] },
      ]);
      expect(res.body.customer_groups[0].customers[0]).not.toHaveProperty('password_hash');
      await admin.get('/admin/customer-groups').query({ expand: 'price_lists' }).expect(400);
      await admin.get('/admin/customer-groups').query({ fields: 'nope' }).expect(400);
      await admin.get('/admin/customer-groups').query({ order: 'nope' }).expect(400);
    });
  });

  describe('GET /admin/customer-groups/:id', () => {
    it('returns the group without relations by default; expand and fields apply', async () => {
      const c = await createCustomer(t.dataSource.manager);
      const g = await createCustomerGroup(t.dataSource.manager, { metadata: { a: 1 }, customer_ids: [c.id] });
      const plain = await admin.get(`/admin/customer-groups/${g.id}`).expect(200);
      expect(plain.body.customer_group).toMatchObject({ id: g.id, name: g.name, metadata: { a: 1 } });
      expect(plain.body.customer_group).not.toHaveProperty('customers');
      const expanded = await admin.get(`/admin/customer-groups/${g.id}`).query({ expand: 'customers', fields: 'metadata' }).expect(200);
      expect(expanded.body.customer_group).toEqual({ id: g.id, metadata: { a: 1 }, customers: [expect.objectContaining({ id: c.id })] });
    });

    it('answers 404 for an unknown group', async () => {
      const res = await admin.get('/admin/customer-groups/cgrp_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'CustomerGroup with id cgrp_missing was not found' });
    });
  });

  describe('POST /admin/customer-groups/:id', () => {
    it('updates the name and merges metadata', async () => {
      const g = await createCustomerGroup(t.dataSource.manager, { metadata: { keep: true, drop: 1 } });
      const res = await admin
        .post(`/admin/customer-groups/${g.id}`)
        .send({ name: 'Renamed Group', metadata: { drop: '', add: 'x' } })
        .expect(200);
      expect(res.body.customer_group).toMatchObject({ id: g.id, name: 'Renamed Group', metadata: { keep: true, add: 'x' } });
      expect(res.body.customer_group).not.toHaveProperty('customers');
      const expanded = await admin.post(`/admin/customer-groups/${g.id}`).query({ expand: 'customers' }).send({}).expect(200);
      expect(expanded.body.customer_group.customers).toEqual([]);
    });

    it('refuses a name another live group has (422), answers 404 for an unknown group and validates', async () => {
      await createCustomerGroup(t.dataSource.manager, { name: 'Occupied' });
      const g = await createCustomerGroup(t.dataSource.manager);
      const dup = await admin.post(`/admin/customer-groups/${g.id}`).send({ name: 'Occupied' }).expect(422);
      expect(dup.body).toMatchObject({ type: 'duplicate_error', message: expect.stringContaining('Occupied') });
      await admin.post('/admin/customer-groups/cgrp_missing').send({ name: 'x' }).expect(404);
      const bad = await admin.post(`/admin/customer-groups/${g.id}`).send({ name: 5 }).expect(400);
      expect(bad.body.message).toContain('name must be a string');
    });
  });

  describe('DELETE /admin/customer-groups/:id', () => {
    it('deletes the group and its memberships, not the customers', async () => {
      const c = await createCustomer(t.dataSource.manager);
      const g = await createCustomerGroup(t.dataSource.manager, { customer_ids: [c.id] });
      const res = await admin.delete(`/admin/customer-groups/${g.id}`).expect(200);
      expect(res.body).toEqual({ id: g.id, object: 'customer_group', deleted: true });
      await admin.get(`/admin/customer-groups/${g.id}`).expect(404);
      expect(await members(g.id)).toEqual([]);
      const customer = await admin.get(`/admin/customers/${c.id}`).query({ expand: 'groups' }).expect(200);
      expect(customer.body.customer.groups).toEqual([]);
    });

    it('is idempotent: an unknown id also answers deleted', async () => {
      const res = await admin.delete('/admin/customer-groups/cgrp_missing').expect(200);
      expect(res.body).toEqual({ id: 'cgrp_missing', object: 'customer_group', deleted: true });
    });
  });

  describe('GET /admin/customer-groups/:id/customers', () => {
    let group: CustomerGroup;
    let ann: Customer;
    let ben: Customer;

    beforeAll(async () => {
      const m = t.dataSource.manager;
      ann = await createCustomer(m, { email: 'ann.member@example.com', first_name: 'Ann', password: 'pw' });
      ben = await createCustomer(m, { email: 'ben.member@example.com', first_name: 'Ben' });
      await createCustomer(m, { email: 'outsider@example.com' });
      group = await createCustomerGroup(m, { customer_ids: [ann.id, ben.id] });
    });

    it("lists the group's customers with default limit 50", async () => {
      const res = await admin.get(`/admin/customer-groups/${group.id}/customers`).expect(200);
      expect(res.body).toMatchObject({ count: 2, offset: 0, limit: 50 });
      expect(ids(res.body.customers)).toEqual(ids([ann, ben]));
      for (const c of res.body.customers) expect(c).not.toHaveProperty('password_hash');
    });

    it('searches q, filters has_account, expands relations and pages', async () => {
      const q = await admin.get(`/admin/customer-groups/${group.id}/customers`).query({ q: 'BEN' }).expect(200);
      expect(ids(q.body.customers)).toEqual([ben.id]);
      const accounts = await admin.get(`/admin/customer-groups/${group.id}/customers`).query({ has_account: 'true' }).expect(200);
      expect(ids(accounts.body.customers)).toEqual([ann.id]);
      const expanded = await admin.get(`/admin/customer-groups/${group.id}/customers`).query({ expand: 'groups', limit: 1, order: 'email' }).expect(200);
      expect(expanded.body).toMatchObject({ count: 2, limit: 1, customers: [{ id: ann.id, groups: [expect.objectContaining({ id: group.id })] }] });
      await admin.get(`/admin/customer-groups/${group.id}/customers`).query({ expand: 'nope' }).expect(400);
    });

    it('answers 404 for an unknown group', async () => {
      const res = await admin.get('/admin/customer-groups/cgrp_missing/customers').expect(404);
      expect(res.body.message).toBe('CustomerGroup with id cgrp_missing was not found');
    });
  });

  describe('POST /admin/customer-groups/:id/customers/batch', () => {
    it('adds customers; adding a member again is a no-op', async () => {
      const m = t.dataSource.manager;
      const [a, b] = [await createCustomer(m), await createCustomer(m)];
      const g = await createCustomerGroup(m, { customer_ids: [a.id] });
      const res = await admin
        .post(`/admin/customer-groups/${g.id}/customers/batch`)
        .send({ customer_ids: [{ id: a.id }, { id: b.id }, { id: b.id }] })
        .expect(200);
      expect(res.body.customer_group).toMatchObject({ id: g.id, name: g.name });
      expect(res.body.customer_group).not.toHaveProperty('customers');
      expect(await members(g.id)).toEqual([a.id, b.id].sort());
    });

    it('answers 404 naming unknown customers and adds nobody', async () => {
      const c = await createCustomer(t.dataSource.manager);
      const g = await createCustomerGroup(t.dataSource.manager);
      const res = await admin
        .post(`/admin/customer-groups/${g.id}/customers/batch`)
        .send({ customer_ids: [{ id: c.id }, { id: 'cus_ghost1' }, { id: 'cus_ghost2' }] })
        .expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'The following customer ids do not exist: "cus_ghost1, cus_ghost2"' });
      expect(await members(g.id)).toEqual([]);
    });

    it('answers 404 for an unknown group and validates the body', async () => {
      const c = await createCustomer(t.dataSource.manager);
      const res = await admin
        .post('/admin/customer-groups/cgrp_missing/customers/batch')
        .send({ customer_ids: [{ id: c.id }] })
        .expect(404);
      expect(res.body.message).toBe('CustomerGroup with id cgrp_missing was not found');
      const g = await createCustomerGroup(t.dataSource.manager);
      const missing = await admin.post(`/admin/customer-groups/${g.id}/customers/batch`).send({}).expect(400);
      expect(missing.body.message).toContain('customer_ids must be an array');
      const badItem = await admin
        .post(`/admin/customer-groups/${g.id}/customers/batch`)
        .send({ customer_ids: [{ id: 1 }] })
        .expect(400);
      expect(badItem.body.message).toContain('customer_ids.0.id must be a string');
      await admin
        .post(`/admin/customer-groups/${g.id}/customers/batch`)
        .send({ customer_ids: ['cus_x'] })
        .expect(400);
    });
  });

  describe('DELETE /admin/customer-groups/:id/customers/batch', () => {
    it('removes the given members; non-members are ignored', async () => {
      const m = t.dataSource.manager;
      const [a, b, outsider] = [await createCustomer(m), await createCustomer(m), await createCustomer(m)];
      const g = await createCustomerGroup(m, { customer_ids: [a.id, b.id] });
      const other = await createCustomerGroup(m, { customer_ids: [outsider.id] });
      const res = await admin
        .delete(`/admin/customer-groups/${g.id}/customers/batch`)
        .send({ customer_ids: [{ id: a.id }, { id: outsider.id }] })
        .expect(200);
      expect(res.body.customer_group).toMatchObject({ id: g.id });
      expect(await members(g.id)).toEqual([b.id]);
      expect(await members(other.id)).toEqual([outsider.id]);
    });

    it('answers 404 for an unknown group and validates the body', async () => {
      await admin
        .delete('/admin/customer-groups/cgrp_missing/customers/batch')
        .send({ customer_ids: [{ id: 'cus_x' }] })
        .expect(404);
      const g = await createCustomerGroup(t.dataSource.manager);
      await admin.delete(`/admin/customer-groups/${g.id}/customers/batch`).send({ customer_ids: 'cus_x' }).expect(400);
    });
  });
});

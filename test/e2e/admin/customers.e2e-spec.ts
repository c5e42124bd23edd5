import { verifyPassword } from '../../../src/common/auth/password-hasher';
import { Customer } from '../../../src/modules/customers/customer.entity';
import { CustomersService } from '../../../src/modules/customers/customers.service';
import { createCustomer } from '../../factories/customer.factory';
import { createCustomerGroup } from '../../factories/customer-group.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin customers (/admin/customers)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const storedHash = async (id: string) =>
    (await t.dataSource.getRepository(Customer).createQueryBuilder('c').addSelect('c.password_hash').where('c.id = :id', { id }).getOneOrFail()).password_hash!;

  it('needs an authenticated admin on every operation', async () => {
    await t.http().get('/admin/customers').expect(401);
    await t.http().post('/admin/customers').send({ email: 'a@b.com', first_name: 'a', last_name: 'b', password: 'x' }).expect(401);
    await t.http().get('/admin/customers/cus_x').expect(401);
    const res = await t.http().post('/admin/customers/cus_x').send({ first_name: 'x' }).expect(401);
    expect(res.body).toEqual({ type: 'unauthorized', message: 'Unauthorized' });
  });

  describe('POST /admin/customers', () => {
    it('creates a registered account (201): lower-cased email, hashed password, no hash in the response', async () => {
      const res = await admin
        .post('/admin/customers')
        .send({ email: 'New.Person@Example.com', first_name: 'New', last_name: 'Person', password: 'pa55word', phone: '+4912345', metadata: { vip: true } })
        .expect(201);
      expect(res.body.customer).toMatchObject({
        id: expect.stringMatching(/^cus_[0-9A-HJKMNP-TV-Z]{26}$/),
        email: 'new.person@example.com',
        first_name: 'New',
        last_name: 'Person',
        phone: '+4912345',
        has_account: true,
        billing_address_id: null,
        metadata: { vip: true },
        deleted_at: null,
      });
      expect(res.body.customer).not.toHaveProperty('password_hash');
      const hash = await storedHash(res.body.customer.id);
      await expect(verifyPassword('pa55word', hash)).resolves.toBe(true);
      expect(res.text).not.toContain(hash);
    });

    it('creates a separate account row beside a guest row with the same email, leaving the guest untouched', async () => {
      const guest = await createCustomer(t.dataSource.manager, { email: 'shared@example.com', first_name: 'Guest' });
      const res = await admin
        .post('/admin/customers')
        .send({ email: 'shared@example.com', first_name: 'Reg', last_name: 'Istered', password: 'pw' })
        .expect(201);
      expect(res.body.customer.id).not.toBe(guest.id);
      expect(res.body.customer.has_account).toBe(true);
      const rows = await t.dataSource.getRepository(Customer).find({ where: { email: 'shared@example.com' }, order: { has_account: 'ASC' } });
      expect(rows.map((r) => [r.id, r.has_account, r.first_name])).toEqual([
        [guest.id, false, 'Guest'],
        [res.body.customer.id, true, 'Reg'],
      ]);
    });

    it('refuses an email that already has an account (422 duplicate_error)', async () => {
      await createCustomer(t.dataSource.manager, { email: 'taken@example.com', password: 'pw' });
      const res = await admin.post('/admin/customers').send({ email: 'TAKEN@example.com', first_name: 'a', last_name: 'b', password: 'pw' }).expect(422);
      expect(res.body).toEqual({
        type: 'duplicate_error',
        code: 'invalid_request_error',
        message: 'A customer with the given email already has an account. Log in instead',
      });
    });

    it('validates the body', async () => {
      const missing = await admin.post('/admin/customers').send({ email: 'x@example.com' }).expect(400);
      expect(missing.body.type).toBe('invalid_data');
      expect(missing.body.message).toContain('first_name must be a string');
      expect(missing.body.message).toContain('last_name must be a string');
      expect(missing.body.message).toContain('password should not be empty');
      const bad = await admin.post('/admin/customers').send({ email: 'nope', first_name: 'a', last_name: 'b', password: 'x', has_account: false }).expect(400);
      expect(bad.body.message).toContain('email must be an email');
      expect(bad.body.message).toContain('property has_account should not exist');
      await admin.post('/admin/customers').send({ email: 'm@example.com', first_name: 'a', last_name: 'b', password: 'x', metadata: 'no' }).expect(400);
    });
  });

  describe('GET /admin/customers', () => {
    let group: { id: string };
    let alice: Customer;
    let bob: Customer;
    let guest: Customer;

    beforeAll(async () => {
      const m = t.dataSource.manager;
      group = await createCustomerGroup(m, { name: 'List VIPs' });
      alice = await createCustomer(m, { email: 'alice.list@example.org', first_name: 'Alice', last_name: 'Zed', password: 'pw', group_ids: [group.id] });
      bob = await createCustomer(m, { email: 'bob.list@example.org', first_name: 'Bob', last_name: 'Young_100%', password: 'pw' });
      guest = await createCustomer(m, { email: 'guest.list@example.org', first_name: 'Gus', last_name: 'Xavier' });
    });

    it('lists with the Medusa envelope, default limit 50, no relations by default', async () => {
      const res = await admin.get('/admin/customers').expect(200);
      expect(res.body).toMatchObject({ offset: 0, limit: 50, count: expect.any(Number) });
      expect(res.body.count).toBeGreaterThanOrEqual(3);
      const row = res.body.customers.find((c: Customer) => c.id === alice.id);
      expect(row).toMatchObject({ email: 'alice.list@example.org', has_account: true });
      expect(row).not.toHaveProperty('shipping_addresses');
      expect(row).not.toHaveProperty('groups');
      for (const c of res.body.customers) expect(c).not.toHaveProperty('password_hash');
    });

    it('searches q over email, first_name and last_name (case-insensitive, wildcards literal)', async () => {
      const byEmail = await admin.get('/admin/customers').query({ q: 'ALICE.LIST' }).expect(200);
      expect(byEmail.body.customers.map((c: Customer) => c.id)).toEqual([alice.id]);
      const byFirst = await admin.get('/admin/customers').query({ q: 'gus' }).expect(200);
      expect(byFirst.body.customers.map((c: Customer) => c.id)).toEqual([guest.id]);
      const byLast = await admin.get('/admin/customers').query({ q: 'young_100%' }).expect(200);
      expect(byLast.body.customers.map((c: Customer) => c.id)).toEqual([bob.id]);
      // As a LIKE pattern "ng%0" would match "Young_100%"; as a literal it matches nothing.
      const literal = await admin.get('/admin/customers').query({ q: 'ng%0' }).expect(200);
      expect(literal.body.count).toBe(0);
    });

    it('filters by has_account', async () => {
      const guests = await admin.get('/admin/customers').query({ has_account: 'false', q: '.list@' }).expect(200);
      expect(guests.body.customers.map((c: Customer) => c.id)).toEqual([guest.id]);
      const accounts = await admin.get('/admin/customers').query({ has_account: 'true', q: '.list@' }).expect(200);
      expect(accounts.body.customers.map((c: Customer) => c.id).sort()).toEqual([alice.id, bob.id].sort());
      const bad = await admin.get('/admin/customers').query({ has_account: 'yes' }).expect(400);
      expect(bad.body.message).toContain('has_account must be a boolean value');
    });

    it('filters by group ids (groups[] or comma list)', async () => {
      const res = await admin.get(`/admin/customers?groups[]=${group.id}`).expect(200);
      expect(res.body.customers.map((c: Customer) => c.id)).toEqual([alice.id]);
      const comma = await admin.get(`/admin/customers?groups=${group.id},cgrp_unknown`).expect(200);
      expect(comma.body.count).toBe(1);
      const none = await admin.get('/admin/customers?groups[]=cgrp_unknown').expect(200);
      expect(none.body).toMatchObject({ customers: [], count: 0 });
      // With a search, the page and its count come from one statement, group filter included.
      const searched = await admin.get(`/admin/customers?groups[]=${group.id}`).query({ q: '.list@', expand: 'groups' }).expect(200);
      expect(searched.body).toMatchObject({ count: 1 });
      expect(searched.body.customers.map((c: Customer) => c.id)).toEqual([alice.id]);
      expect(searched.body.customers[0].groups.map((g: { id: string }) => g.id)).toEqual([group.id]);
    });

    it('filters by created_at and updated_at ranges', async () => {
      const future = new Date(Date.now() + 3600_000).toISOString();
      const none = await admin.get(`/admin/customers?created_at[gt]=${future}`).expect(200);
      expect(none.body.count).toBe(0);
      const all = await admin.get(`/admin/customers?updated_at[lt]=${future}&q=.list@`).expect(200);
      expect(all.body.count).toBe(3);
      await admin.get('/admin/customers?created_at[gt]=not-a-date').expect(400);
    });

    it('orders, pages and counts', async () => {
      const asc = await admin.get('/admin/customers').query({ q: '.list@', order: 'email' }).expect(200);
      expect(asc.body.customers.map((c: Customer) => c.email)).toEqual(['alice.list@example.org', 'bob.list@example.org', 'guest.list@example.org']);
      const desc = await admin.get('/admin/customers').query({ q: '.list@', order: '-email', limit: 1, offset: 1 }).expect(200);
      expect(desc.body).toMatchObject({ count: 3, limit: 1, offset: 1 });
      expect(desc.body.customers.map((c: Customer) => c.email)).toEqual(['bob.list@example.org']);
      // A search counts in the page's own statement; past the last page the count is still exact.
      const past = await admin.get('/admin/customers').query({ q: '.list@', offset: 10 }).expect(200);
      expect(past.body).toMatchObject({ customers: [], count: 3, offset: 10 });
      const nothing = await admin.get('/admin/customers').query({ q: 'matches-nobody' }).expect(200);
      expect(nothing.body).toMatchObject({ customers: [], count: 0 });
      const bad = await admin.get('/admin/customers').query({ order: 'password_hash' }).expect(400);
      expect(bad.body.type).toBe('invalid_data');
    });

    it('counts every live customer when nothing filters the list, exactly, as customers come, are deleted and come back', async () => {
      const live = async () => Number((await t.dataSource.query(`SELECT count(*) AS n FROM customer WHERE deleted_at IS NULL`))[0].n);
      const listed = async () => (await admin.get('/admin/customers').query({ limit: 1 }).expect(200)).body.count as number;
      const before = await live();
      expect(await listed()).toBe(before);

      const created = await admin.post('/admin/customers').send({ email: 'count.me@example.org', first_name: 'C', last_name: 'M', password: 'pw' }).expect(201);
      await createCustomer(t.dataSource.manager, { email: 'count.guest@example.org' });
      expect(await listed()).toBe(before + 2);
      await t.dataSource.getRepository(Customer).softDelete(created.body.customer.id);
      expect(await listed()).toBe(before + 1);
      await t.dataSource.getRepository(Customer).restore(created.body.customer.id);
      expect(await listed()).toBe(before + 2);
      await t.dataSource.query(`DELETE FROM customer WHERE email = 'count.guest@example.org'`);
      expect(await listed()).toBe(before + 1);
      expect(await live()).toBe(before + 1);
      // The total is the database's own tally (one row per writing connection), not a scan of the table.
      expect(await t.dataSource.query(`SELECT sum(live)::int AS n FROM live_row_count WHERE table_name = 'customer'`)).toEqual([{ n: before + 1 }]);
    });

    it('expands relations and selects fields; unknown names are a 400', async () => {
      const res = await admin.get('/admin/customers').query({ q: 'alice.list', expand: 'groups,billing_address', fields: 'email' }).expect(200);
      expect(res.body.customers).toEqual([
        { id: alice.id, email: 'alice.list@example.org', groups: [expect.objectContaining({ id: group.id })], billing_address: null },
      ]);
      const unknownRelation = await admin.get('/admin/customers').query({ expand: 'wallet' }).expect(400);
      expect(unknownRelation.body).toEqual({ type: 'invalid_data', message: 'Requested fields [wallet] are not valid' });
      await admin.get('/admin/customers').query({ fields: 'nonsense' }).expect(400);
    });
  });

  describe('GET /admin/customers/:id', () => {
    it('returns the customer with orders and shipping_addresses by default', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'pw' });
      const res = await admin.get(`/admin/customers/${c.id}`).expect(200);
      expect(res.body.customer).toMatchObject({ id: c.id, email: c.email, has_account: true, orders: [], shipping_addresses: [] });
      expect(res.body.customer).not.toHaveProperty('billing_address');
      expect(res.body.customer).not.toHaveProperty('password_hash');
    });

    it('expand replaces the defaults; fields trims the customer', async () => {
      const group = await createCustomerGroup(t.dataSource.manager);
      const c = await createCustomer(t.dataSource.manager, { group_ids: [group.id] });
      const res = await admin.get(`/admin/customers/${c.id}`).query({ expand: 'groups', fields: 'first_name' }).expect(200);
      expect(res.body.customer).toEqual({ id: c.id, first_name: 'Jane', groups: [expect.objectContaining({ id: group.id, name: group.name })] });
      const none = await admin.get(`/admin/customers/${c.id}`).query({ expand: '' }).expect(200);
      expect(none.body.customer).not.toHaveProperty('shipping_addresses');
    });

    it('answers 404 for an unknown or deleted customer', async () => {
      const res = await admin.get('/admin/customers/cus_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Customer with id: cus_missing was not found' });
      const c = await createCustomer(t.dataSource.manager);
      await t.dataSource.getRepository(Customer).softDelete({ id: c.id });
      await admin.get(`/admin/customers/${c.id}`).expect(404);
    });
  });

  describe('POST /admin/customers/:id', () => {
    it('updates names and phone, merges metadata, returns the default relations', async () => {
      const c = await createCustomer(t.dataSource.manager, { metadata: { keep: 1, drop: 2, change: 'a' } });
      const res = await admin
        .post(`/admin/customers/${c.id}`)
        .send({ first_name: 'Updated', last_name: 'Name', phone: '555', metadata: { drop: '', change: 'b', added: null } })
        .expect(200);
      expect(res.body.customer).toMatchObject({
        id: c.id,
        first_name: 'Updated',
        last_name: 'Name',
        phone: '555',
        metadata: { keep: 1, change: 'b', added: null },
        orders: [],
        shipping_addresses: [],
      });
      expect(res.body.customer.metadata).not.toHaveProperty('drop');
    });

    it('changes a password (re-hashed) without revealing it', async () => {
      const c = await createCustomer(t.dataSource.manager, { password: 'old-password' });
      const res = await admin.post(`/admin/customers/${c.id}`).send({ password: 'new-password' }).expect(200);
      const hash = await storedHash(c.id);
      await expect(verifyPassword('new-password', hash)).resolves.toBe(true);
      await expect(verifyPassword('old-password', hash)).resolves.toBe(false);
      expect(res.text).not.toContain(hash);
      expect(res.body.customer).not.toHaveProperty('password_hash');
    });

    it("replaces the customer's groups; [] clears them; an unknown group is a 404 that changes nothing", async () => {
      const m = t.dataSource.manager;
      const [g1, g2, g3] = [await createCustomerGroup(m), await createCustomerGroup(m), await createCustomerGroup(m)];
      const c = await createCustomer(m, { group_ids: [g1.id] });
      const res = await admin
        .post(`/admin/customers/${c.id}`)
        .query({ expand: 'groups' })
        .send({ groups: [{ id: g2.id }, { id: g3.id }] })
        .expect(200);
      expect(res.body.customer.groups.map((g: { id: string }) => g.id).sort()).toEqual([g2.id, g3.id].sort());

      const missing = await admin
        .post(`/admin/customers/${c.id}`)
        .send({ groups: [{ id: g1.id }, { id: 'cgrp_nope' }] })
        .expect(404);
      expect(missing.body).toEqual({ type: 'not_found', message: 'Customer_group with customer_group_id cgrp_nope does not exist.' });
      const after = await admin.get(`/admin/customers/${c.id}`).query({ expand: 'groups' }).expect(200);
      expect(after.body.customer.groups.map((g: { id: string }) => g.id).sort()).toEqual([g2.id, g3.id].sort());

      const cleared = await admin.post(`/admin/customers/${c.id}`).query({ expand: 'groups' }).send({ groups: [] }).expect(200);
      expect(cleared.body.customer.groups).toEqual([]);
    });

    it("changes a guest's email (lower-cased) but refuses to change a registered account's email", async () => {
      const g = await createCustomer(t.dataSource.manager);
      const ok = await admin.post(`/admin/customers/${g.id}`).send({ email: 'Renamed.Guest@Example.com' }).expect(200);
      expect(ok.body.customer.email).toBe('renamed.guest@example.com');

      const account = await createCustomer(t.dataSource.manager, { password: 'pw' });
      const res = await admin.post(`/admin/customers/${account.id}`).send({ email: 'other@example.com' }).expect(400);
      expect(res.body).toEqual({ type: 'invalid_data', message: 'Email cannot be changed when the user has registered their account' });
      const unchanged = await t.dataSource.getRepository(Customer).findOneByOrFail({ id: account.id });
      expect(unchanged.email).toBe(account.email);
    });

    it('validates the body and answers 404 for an unknown customer', async () => {
      const c = await createCustomer(t.dataSource.manager);
      const bad = await admin
        .post(`/admin/customers/${c.id}`)
        .send({ email: 'nope', groups: [{}], has_account: true })
        .expect(400);
      expect(bad.body.message).toContain('email must be an email');
      expect(bad.body.message).toContain('groups.0.id must be a string');
      expect(bad.body.message).toContain('property has_account should not exist');
      const res = await admin.post('/admin/customers/cus_missing').send({ first_name: 'x' }).expect(404);
      expect(res.body.message).toBe('Customer with id: cus_missing was not found');
    });
  });

  it('never returns a password hash, whatever expand and fields ask for', async () => {
    const group = await createCustomerGroup(t.dataSource.manager);
    const c = await createCustomer(t.dataSource.manager, { password: 'secret-pw', group_ids: [group.id] });
    const hash = await storedHash(c.id);
    const asked = await admin.get(`/admin/customers/${c.id}`).query({ fields: 'password_hash' }).expect(400);
    expect(asked.body.message).toBe('Requested fields [password_hash] are not valid');
    await admin.get('/admin/customers').query({ fields: 'email,password_hash' }).expect(400);
    await admin.get('/admin/customers').query({ expand: 'password_hash' }).expect(400);
    const responses = await Promise.all([
      admin.get(`/admin/customers/${c.id}`).query({ expand: 'groups,orders,shipping_addresses,billing_address' }),
      admin.get('/admin/customers').query({ q: c.email, expand: 'groups' }),
      admin.get(`/admin/customer-groups/${group.id}`).query({ expand: 'customers' }),
      admin.get(`/admin/customer-groups/${group.id}/customers`),
      admin.post(`/admin/customers/${c.id}`).query({ expand: 'groups' }).send({ first_name: 'Still' }),
    ]);
    for (const res of responses) {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(hash);
      expect(res.text).not.toContain('password_hash');
    }
  });

  describe('CustomersService.findOrCreateGuest (what checkout uses)', () => {
    it('creates one guest row per email even when called concurrently, and reuses it', async () => {
      const service = t.app.get(CustomersService);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => t.dataSource.transaction((m) => service.findOrCreateGuest('Concurrent.Guest@Example.com', m))),
      );
      expect(new Set(results.map((c) => c.id)).size).toBe(1);
      expect(results[0]).toMatchObject({ email: 'concurrent.guest@example.com', has_account: false });
      const again = await service.findOrCreateGuest('concurrent.guest@example.com', t.dataSource.manager);
      expect(again.id).toBe(results[0].id);
      expect(await t.dataSource.getRepository(Customer).countBy({ email: 'concurrent.guest@example.com' })).toBe(1);
    });

    it('never returns an account row: a guest row is created beside it', async () => {
      const account = await createCustomer(t.dataSource.manager, { email: 'has.account@example.com', password: 'pw' });
      const guest = await t.app.get(CustomersService).findOrCreateGuest('has.account@example.com', t.dataSource.manager);
      expect(guest.id).not.toBe(account.id);
      expect(guest.has_account).toBe(false);
    });
  });
});

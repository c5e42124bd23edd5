import { createTestApp, TestApp } from '../../helpers/app';
import { createRegion } from '../../factories/region.factory';

/**
 * Medusa 1.20 emits `customer.created` when a checkout's email creates a guest customer
 * (CartService.update -> CustomerService.create): a CRM keyed on it sees every guest buyer.
 * Written in the cart change's transaction, only when the guest row is new.
 */
describe('customer.created for the guest customer a checkout creates', () => {
  let t: TestApp;
  let regionId: string;

  beforeAll(async () => {
    // No relay: the outbox rows stay as written, so the test reads exactly what each request recorded.
    t = await createTestApp({ QUEUE_WORKERS: 'false' });
    regionId = (await createRegion(t.dataSource.manager)).id;
  });
  afterAll(() => t.close());

  const newCart = async () => (await t.http().post('/store/carts').send({ region_id: regionId }).expect(200)).body.cart.id as string;
  const createdEvents = async (email: string) =>
    (await t.dataSource.query(`SELECT data FROM outbox_event WHERE name = 'customer.created' AND data->>'email' = $1 ORDER BY seq`, [email])).map(
      (r: { data: unknown }) => r.data,
    );

  it("a new guest's email writes one customer.created with the customer's fields, committed with the cart change", async () => {
    const cartId = await newCart();
    const cart = (await t.http().post(`/store/carts/${cartId}`).send({ email: 'First.Guest@Example.com' }).expect(200)).body.cart;
    expect(cart.customer_id).toMatch(/^cus_/);
    expect(await createdEvents('first.guest@example.com')).toEqual([
      { id: cart.customer_id, email: 'first.guest@example.com', first_name: null, last_name: null, phone: null, has_account: false, metadata: null },
    ]);
    // The same shape as a registration's customer.created.
    const account = (
      await t.http().post('/store/customers').send({ email: 'registered@example.com', password: 'supersecret', first_name: 'R', last_name: 'A' }).expect(200)
    ).body.customer;
    const [registered] = await createdEvents('registered@example.com');
    expect(Object.keys(registered as object).sort()).toEqual(Object.keys((await createdEvents('first.guest@example.com'))[0] as object).sort());
    expect(registered).toMatchObject({ id: account.id, has_account: true });
  });

  it('a guest row reused by a later checkout writes no second customer.created', async () => {
    const first = await newCart();
    await t.http().post(`/store/carts/${first}`).send({ email: 'returning@example.com' }).expect(200);
    const second = await newCart();
    const cart = (await t.http().post(`/store/carts/${second}`).send({ email: 'returning@example.com' }).expect(200)).body.cart;
    const events = await createdEvents('returning@example.com');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: cart.customer_id });
  });

  it('a refused cart change writes no customer and no event', async () => {
    const cartId = await newCart();
    const before = Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM customer WHERE email = 'refused@example.com'`))[0].n);
    // One transaction: a refused update (unknown region) leaves neither the guest row nor its event.
    await t.http().post(`/store/carts/${cartId}`).send({ email: 'refused@example.com', region_id: 'reg_missing' }).expect(404);
    expect(Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM customer WHERE email = 'refused@example.com'`))[0].n)).toBe(before);
    expect(await createdEvents('refused@example.com')).toEqual([]);
  });

  it('concurrent checkouts with one new email: one guest row, one customer.created', async () => {
    const carts = await Promise.all([1, 2, 3, 4].map(() => newCart()));
    const answers = await Promise.all(carts.map((id) => t.http().post(`/store/carts/${id}`).send({ email: 'race@example.com' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.cart.customer_id)).size).toBe(1);
    expect(await createdEvents('race@example.com')).toEqual([expect.objectContaining({ id: answers[0].body.cart.customer_id })]);
  });
});

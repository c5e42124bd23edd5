import { createCartViaApi, createShop, customerAuth, prepareCheckout, Shop } from '../../factories/cart.factory';
import { createCustomer } from '../../factories/customer.factory';
import { createTestApp, TestApp } from '../../helpers/app';

/**
 * Any cart can be given any email, and that links the guest customer of that email (as
 * Medusa v1 does). The guest row may hold what earlier orders or an import left: names,
 * phone, and `created_at`, which tells that the email has bought here before. Through a
 * cart or an order, the store shows a guest customer as its id and email only, the two
 * things the cart's own client sent; an account is shown in full (only its owner can
 * have it on a cart).
 */
describe('A typed email reveals nothing about the guest behind it', () => {
  let t: TestApp;
  let shop: Shop;
  let guest: { id: string; email: string };

  const GUEST_ONLY = (id: string, email: string) => ({
    id,
    email,
    first_name: null,
    last_name: null,
    phone: null,
    billing_address_id: null,
    has_account: false,
    metadata: null,
    deleted_at: null,
  });

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    // An earlier guest buyer, with what an import (or an earlier order) left on the row.
    guest = await createCustomer(t.dataSource.manager, {
      email: 'earlier.buyer@example.com',
      first_name: 'Gudrun',
      last_name: 'Guest',
      phone: '+49 151 1234',
      metadata: { note: 'vip' },
      created_at: new Date('2020-02-02T10:00:00Z'),
    });
  });
  afterAll(() => t.close());

  const leaks = (body: unknown) => ['Gudrun', 'Guest', '+49 151 1234', 'vip', '2020-02-02'].filter((secret) => JSON.stringify(body).includes(secret));

  it("an anonymous cart given the guest's email links the guest row but shows only its id and email", async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const updated = await t.http().post(`/store/carts/${cart.id}`).send({ email: guest.email }).expect(200);
    expect(updated.body.cart).toMatchObject({ customer_id: guest.id, email: guest.email });

    const read = await t.http().get(`/store/carts/${cart.id}?expand=customer`).expect(200);
    expect(read.body.cart.customer).toEqual(GUEST_ONLY(guest.id, guest.email));
    expect(leaks(read.body)).toEqual([]);
  });

  it('the order it completes into, answered at completion and on GET /store/orders/:id, shows the same', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, email: guest.email });
    const done = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(done.body.type).toBe('order');
    // The completion answers Medusa 1.20.10's placed order, which carries no customer at all.
    expect(done.body.data).not.toHaveProperty('customer');
    expect(done.body.data.customer_id).toBe(guest.id);
    expect(leaks(done.body)).toEqual([]);

    const again = await t.http().post(`/store/carts/${cart.id}/complete`).expect(200);
    expect(leaks(again.body)).toEqual([]);

    const order = await t.http().get(`/store/orders/${done.body.data.id}?expand=customer`).expect(200);
    expect(order.body.order.customer).toEqual(GUEST_ONLY(guest.id, guest.email));
    expect(leaks(order.body)).toEqual([]);
  });

  it("a logged-in customer's own cart still shows their account in full", async () => {
    const owner = await createCustomer(t.dataSource.manager, { password: 'owner-pass', first_name: 'Olga', phone: '+49 30 555' });
    const cart = await createCartViaApi(t, { region_id: shop.region.id }, customerAuth(t, owner.id));
    const read = await t.http().get(`/store/carts/${cart.id}?expand=customer`).set(customerAuth(t, owner.id)).expect(200);
    expect(read.body.cart.customer).toMatchObject({ id: owner.id, email: owner.email, first_name: 'Olga', phone: '+49 30 555', has_account: true });
  });
});

import { createTestApp, TestApp } from '../../helpers/app';
import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { CartLoaderService } from '../../../src/modules/carts/cart-loader.service';
import { DEFAULT_CART_RELATIONS } from '../../../src/modules/carts/cart-relations';

/**
 * Cart reads take their region's tree (countries, payment and fulfillment providers) from
 * memory (RegionTreeCache), checked against a version the read itself takes: a region
 * change by any writer shows in the very next cart read, and a change that never
 * commits never shows.
 */
describe('Region trees of cart reads', () => {
  let t: TestApp;
  let shop: Shop;
  let loader: CartLoaderService;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager);
    loader = t.app.get(CartLoaderService);
  });
  afterAll(() => t.close());

  /** A cart write (not GET, which has a response cache of its own): it reads the cart back. */
  const touch = async (cartId: string) =>
    (
      await t
        .http()
        .post(`/store/carts/${cartId}`)
        .send({ context: { touched: true } })
        .expect(200)
    ).body.cart;

  it('shows a region change made outside the API in the next read: name, tax rate, countries, providers', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id, items: [{ variant_id: shop.variant.id, quantity: 1 }] });
    expect(cart.tax_total).toBe(250);

    await t.dataSource.query(`UPDATE region SET name = 'Renamed', tax_rate = 10 WHERE id = $1`, [shop.region.id]);
    let read = await touch(cart.id);
    expect(read.region).toMatchObject({ name: 'Renamed', tax_rate: 10 });
    expect(read.tax_total).toBe(100);

    await t.dataSource.query(`UPDATE country SET region_id = $1 WHERE iso_2 = 'it'`, [shop.region.id]);
    await t.dataSource.query(`INSERT INTO fulfillment_provider (id, is_installed) VALUES ('tree-test', true) ON CONFLICT DO NOTHING`);
    await t.dataSource.query(`INSERT INTO region_fulfillment_providers (region_id, provider_id) VALUES ($1, 'tree-test')`, [shop.region.id]);
    read = await touch(cart.id);
    expect(read.region.countries.map((c: { iso_2: string }) => c.iso_2)).toContain('it');
    // Not in the cart answer by default (as in Medusa 1.20); read with the relation named.
    const withProviders = await loader.load(cart.id, ['region', 'region.fulfillment_providers'], t.dataSource.manager);
    expect(withProviders.region!.fulfillment_providers!.map((p) => p.id)).toContain('tree-test');
  });

  it("checks a shipping address against the region's countries as they are when the cart is locked", async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const shipTo = (country_code: string) =>
      t
        .http()
        .post(`/store/carts/${cart.id}`)
        .send({ shipping_address: { first_name: 'A', country_code } });
    await t.dataSource.query(`UPDATE country SET region_id = NULL WHERE iso_2 = 'pt'`);
    // Cached under the current version: Portugal is not in the region.
    const refused = await shipTo('pt').expect(400);
    expect(refused.body).toEqual({ type: 'invalid_data', message: 'Shipping country must be in the cart region' });

    await t.dataSource.query(`UPDATE country SET region_id = $1 WHERE iso_2 = 'pt'`, [shop.region.id]);
    expect((await shipTo('pt').expect(200)).body.cart.shipping_address.country_code).toBe('pt');

    await t.dataSource.query(`UPDATE country SET region_id = NULL WHERE iso_2 = 'pt'`);
    await shipTo('pt').expect(400);
  });

  it('never shows a change that was rolled back, even one the cache saw inside its transaction', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.dataSource.query(`UPDATE region SET name = 'Before' WHERE id = $1`, [shop.region.id]);
    expect((await touch(cart.id)).region.name).toBe('Before');

    // Read inside a transaction that changes the region: the tree it loads is cached under that transaction's version.
    await t.dataSource
      .transaction(async (manager) => {
        await manager.query(`UPDATE region SET name = 'Uncommitted' WHERE id = $1`, [shop.region.id]);
        expect((await loader.load(cart.id, DEFAULT_CART_RELATIONS, manager)).region!.name).toBe('Uncommitted');
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));

    // One committed statement brings the change counter to where the rolled-back one had
    // it; the tree cached inside the rolled-back transaction is still in memory.
    await t.dataSource.query(`UPDATE region SET name = 'Committed' WHERE id = $1`, [shop.region.id]);
    expect((await touch(cart.id)).region.name).toBe('Committed');
  });

  it('follows every statement of a transaction that reads the cart between its changes', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    await t.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE region SET name = 'First' WHERE id = $1`, [shop.region.id]);
      expect((await loader.load(cart.id, DEFAULT_CART_RELATIONS, manager)).region!.name).toBe('First');
      await manager.query(`UPDATE region SET name = 'Second' WHERE id = $1`, [shop.region.id]);
      expect((await loader.load(cart.id, DEFAULT_CART_RELATIONS, manager)).region!.name).toBe('Second');
    });
    expect((await touch(cart.id)).region.name).toBe('Second');
  });

  it('gives each read its own objects, with only the region relations asked for', async () => {
    const cart = await createCartViaApi(t, { region_id: shop.region.id });
    const first = await loader.load(cart.id, ['region', 'region.countries'], t.dataSource.manager);
    const second = await loader.load(cart.id, ['region', 'region.countries'], t.dataSource.manager);
    expect(first.region).not.toBe(second.region);
    expect(first.region!.countries).not.toBe(second.region!.countries);
    expect(first.region!.countries![0]).not.toBe(second.region!.countries![0]);
    expect(first.region).toEqual(second.region);

    const res = await t.http().get(`/store/carts/${cart.id}`).query({ expand: 'region' }).expect(200);
    expect(res.body.cart.region.id).toBe(shop.region.id);
    expect(res.body.cart.region).not.toHaveProperty('countries');
    expect(res.body.cart.region).not.toHaveProperty('payment_providers');
    const withCountries = await t.http().get(`/store/carts/${cart.id}`).query({ expand: 'region,region.countries' }).expect(200);
    expect(withCountries.body.cart.region.countries.length).toBeGreaterThan(0);
    expect(withCountries.body.cart.region).not.toHaveProperty('fulfillment_providers');
  });
});

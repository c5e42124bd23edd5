import { createCartViaApi, createShop, Shop } from '../../factories/cart.factory';
import { createCollection } from '../../factories/collection.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { createAdminUser } from '../../helpers/auth';
import { eventually, silentWrite } from '../../helpers/change-notices';
import { CartResponseCache } from '../../../src/modules/carts/cart-response-cache';
import { CatalogueCacheService } from '../../../src/modules/catalogue-cache/catalogue-cache.service';
import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';
import { ApiTokenCache } from '../../../src/modules/users/api-token-cache';

/**
 * The off switches: TABLE_CHANGE_NOTICES=false turns off every cache that follows the
 * table-change notices; CATALOGUE_CACHE_MAX_BYTES=0 only the catalogue response cache.
 * Which path answered is read from the caches' counters, and a write that fires no trigger
 * (session_replication_role = replica) shows whether an answer came from memory.
 */
describe('Cache off switches', () => {
  let t: TestApp;
  let shop: Shop;
  let collection: ProductCollection;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createShop(t.dataSource.manager, { product: { variants: [{ inventory_quantity: 100, prices: [{ currency_code: 'eur', amount: 1000 }] }] } });
    collection = await createCollection(t.dataSource.manager, { title: 'Switches' });
  });
  afterAll(() => t.close());

  async function cartWithItem(app: TestApp): Promise<string> {
    const cart = await createCartViaApi(app, { region_id: shop.region.id });
    await app.http().post(`/store/carts/${cart.id}/line-items`).send({ variant_id: shop.variant.id, quantity: 1 }).expect(200);
    return cart.id as string;
  }

  const getCart = async (app: TestApp, id: string) => (await app.http().get(`/store/carts/${id}`).expect(200)).body.cart;
  const collectionTitle = async (app: TestApp) => (await app.http().get(`/store/collections/${collection.id}`).expect(200)).body.collection.title as string;

  describe('TABLE_CHANGE_NOTICES=false', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await startTestApp(t.databaseUrl, { TABLE_CHANGE_NOTICES: 'false' });
    });
    afterAll(() => off.close());

    it('opens no listener, and the catalogue, cart and API token caches all read the database', async () => {
      expect(off.app.get(TableChangeNotices).listener).toBeUndefined();
      const catalogue = off.app.get(CatalogueCacheService);
      const carts = off.app.get(CartResponseCache);
      expect([catalogue.enabled, carts.enabled, carts.trusted]).toEqual([false, false, false]);

      await collectionTitle(off);
      await silentWrite(off, `UPDATE product_collection SET title = 'Switched off' WHERE id = $1`, [collection.id]);
      expect(await collectionTitle(off)).toBe('Switched off');
      expect(catalogue.stats).toEqual({ hits: 0, misses: 0, bypassed: 0, stored: 0, invalidations: 0 });

      const cartId = await cartWithItem(off);
      await getCart(off, cartId);
      await silentWrite(off, `UPDATE line_item SET title = 'Silently renamed' WHERE cart_id = $1`, [cartId]);
      expect((await getCart(off, cartId)).items[0].title).toBe('Silently renamed');
      expect(carts.stats).toEqual({ hits: 0, misses: 0, stored: 0, dropped: 0 });
      expect(carts.size).toBe(0);

      const admin = await createAdminUser(off);
      for (let i = 0; i < 2; i++) await off.http().get('/admin/auth').set('x-medusa-access-token', admin.apiToken).expect(200);
      expect(off.app.get(ApiTokenCache).size).toBe(0);
    });
  });

  describe('CATALOGUE_CACHE_MAX_BYTES=0', () => {
    let noCatalogue: TestApp;
    beforeAll(async () => {
      noCatalogue = await startTestApp(t.databaseUrl, { CATALOGUE_CACHE_MAX_BYTES: '0' });
    });
    afterAll(() => noCatalogue.close());

    it('leaves the cart response cache on', async () => {
      expect(noCatalogue.app.get(CatalogueCacheService).enabled).toBe(false);
      const carts = noCatalogue.app.get(CartResponseCache);
      expect(carts.enabled).toBe(true);

      const cartId = await cartWithItem(noCatalogue);
      await eventually(() => carts.trusted, Boolean, 'the cart cache to be trusted');
      await noCatalogue.app.get(TableChangeNotices).listener!.sync();
      await getCart(noCatalogue, cartId);
      const hits = carts.stats.hits;
      await silentWrite(noCatalogue, `UPDATE line_item SET title = 'Silently renamed' WHERE cart_id = $1`, [cartId]);
      expect((await getCart(noCatalogue, cartId)).items[0].title).not.toBe('Silently renamed');
      expect(carts.stats.hits).toBe(hits + 1);
    });
  });
});

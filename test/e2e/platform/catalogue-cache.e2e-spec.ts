import { createCollection } from '../../factories/collection.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, startTestApp, TestApp } from '../../helpers/app';
import { AdminCredentials, bearer, createAdminUser } from '../../helpers/auth';
import { eventually, silentWrite } from '../../helpers/change-notices';
import { CatalogueCacheService } from '../../../src/modules/catalogue-cache/catalogue-cache.service';
import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import { Currency } from '../../../src/modules/currencies/currency.entity';
import { Product } from '../../../src/modules/products/product.entity';
import { ALLOWED_RELATIONS } from '../../../src/modules/products/store-products.controller';
import { SCOPE_TABLES } from '../../../src/modules/table-changes/change-scopes';
import { TableChangeNotices } from '../../../src/modules/table-changes/table-change-notices';

/**
 * The catalogue response cache (src/modules/catalogue-cache): served from memory, dropped
 * by PostgreSQL's change notices (src/modules/table-changes) whoever writes, bypassed
 * whenever it cannot be trusted. Caching is proven without timing: a write made with triggers off
 * (session_replication_role = replica: no notice) is NOT seen while the cache serves, and
 * the cache's counters say which path answered. Waiting for a notice polls, bounded.
 */
describe('Catalogue response cache', () => {
  let t: TestApp;
  let admin: AdminCredentials;
  let collection: ProductCollection;
  let product: Product;

  const cacheOf = (app: TestApp) => app.app.get(CatalogueCacheService);
  const noticesOf = (app: TestApp) => app.app.get(TableChangeNotices);

  async function listening(app: TestApp): Promise<void> {
    await eventually(async () => noticesOf(app).listening, Boolean, 'the listener to connect');
    // A local write request may still be awaiting its fence.
    await eventually(async () => cacheOf(app).trusted, Boolean, 'the cache to be trusted');
    // And the notices of the test's own earlier writes have been handled.
    await noticesOf(app).listener!.sync();
  }

  const collectionTitle = async (app: TestApp, id = collection.id) =>
    (await app.http().get(`/store/collections/${id}`).expect(200)).body.collection.title as string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdminUser(t);
    collection = await createCollection(t.dataSource.manager, { title: 'Before' });
    product = await createProduct(t.dataSource.manager, { title: 'Cached tee', handle: 'cached-tee', collection_id: collection.id });
  });
  afterAll(() => t.close());
  beforeEach(() => listening(t));

  describe('invalidation sources', () => {
    it('has a change trigger on every table a cached response reads, as the entities say', async () => {
      const meta = t.dataSource.getMetadata(Product);
      const productTables = new Set([meta.tableName]);
      for (const path of ALLOWED_RELATIONS) {
        let current = meta;
        for (const name of path.split('.')) {
          const relation = current.findRelationWithPropertyPath(name)!;
          expect(relation).toBeDefined();
          if (relation.junctionEntityMetadata) productTables.add(relation.junctionEntityMetadata.tableName);
          current = relation.inverseEntityMetadata;
          productTables.add(current.tableName);
        }
      }
      productTables.add('region'); // region_id prices the variants in the region's currency
      expect([...productTables].filter((table) => !SCOPE_TABLES.products.includes(table))).toEqual([]);
      expect(SCOPE_TABLES.collections).toEqual([t.dataSource.getMetadata(ProductCollection).tableName]);
      expect(SCOPE_TABLES.currencies).toEqual([t.dataSource.getMetadata(Currency).tableName]);

      const rows: Array<{ table: string }> = await t.dataSource.query(
        `SELECT c.relname AS table FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'table_changed' AND NOT g.tgisinternal`,
      );
      const triggered = new Set(rows.map((r) => r.table));
      const everyTable = new Set(Object.values(SCOPE_TABLES).flat());
      expect([...everyTable].filter((table) => !triggered.has(table))).toEqual([]);
    });

    it('orders notices before a later round trip on the listener connection (the fence the cache relies on)', async () => {
      const notices = noticesOf(t);
      for (let i = 0; i < 30; i++) {
        const before = notices.generation('collections');
        await t.dataSource.query(`UPDATE product_collection SET metadata = $2 WHERE id = $1`, [collection.id, { round: i }]);
        await notices.listener!.sync();
        expect(notices.generation('collections')).toBeGreaterThan(before);
      }
    });

    it('bypasses the cache from the end of a local write until its fence has passed', async () => {
      const cache = cacheOf(t);
      noticesOf(t).writeFinished();
      expect(cache.trusted).toBe(false);
      await eventually(async () => cache.trusted, Boolean, 'the fence to pass');
    });
  });

  describe('one instance', () => {
    it('answers a repeated request from memory, with the same body and headers', async () => {
      const cache = cacheOf(t);
      const url = `/store/products?handle=cached-tee&currency_code=eur`;
      const origin = 'http://localhost:8000'; // an allowed store origin (STORE_CORS default)
      const first = await t.http().get(url).set('Origin', origin).expect(200);
      const hits = cache.stats.hits;
      const second = await t.http().get(url).set('Origin', origin).expect(200);
      expect(cache.stats.hits).toBe(hits + 1);
      expect(second.text).toBe(first.text);
      // Answered before Nest's router, yet with every header the route itself sends.
      expect(Object.keys(second.headers).sort()).toEqual(Object.keys(first.headers).sort());
      expect(second.headers['access-control-allow-origin']).toBe(origin);
      expect(second.headers['x-request-id']).toBeDefined();
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      expect(second.headers['content-type']).toBe(first.headers['content-type']);
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.body.products[0].variants[0].calculated_price).toBe(1000);
      await t.http().get(url).set('If-None-Match', first.headers.etag).expect(304);

      // Proof that the body came from memory: a write nobody is told about is not seen.
      await silentWrite(t, `UPDATE product SET title = 'Silently renamed' WHERE id = $1`, [product.id]);
      expect((await t.http().get(url).expect(200)).body.products[0].title).toBe('Cached tee');
      await t.dataSource.query(`UPDATE product SET title = 'Cached tee' WHERE id = $1`, [product.id]);
    });

    it('sees a plain SQL write once its notice arrives, for every table of the response', async () => {
      const url = `/store/products?handle=cached-tee&currency_code=eur`;
      const variant = () =>
        t
          .http()
          .get(url)
          .expect(200)
          .then((r) => r.body.products[0].variants[0]);
      await variant();
      await t.dataSource.query(`UPDATE product_variant SET inventory_quantity = 3 WHERE product_id = $1`, [product.id]);
      await eventually(variant, (v) => v.inventory_quantity === 3, 'the inventory change');
      await t.dataSource.query(
        `UPDATE money_amount SET amount = 900 WHERE currency_code = 'eur' AND variant_id IN (SELECT id FROM product_variant WHERE product_id = $1)`,
        [product.id],
      );
      await eventually(variant, (v) => v.calculated_price === 900, 'the price change');
      await t.dataSource.query(`UPDATE product_collection SET title = 'After' WHERE id = $1`, [collection.id]);
      await eventually(
        () =>
          t
            .http()
            .get(url)
            .then((r) => r.body.products[0].collection.title),
        (title) => title === 'After',
        'the collection title in the product',
      );
      await eventually(
        () => collectionTitle(t),
        (title) => title === 'After',
        'the collection title',
      );
    });

    it('keeps other scopes: a currency change does not drop cached products', async () => {
      const cache = cacheOf(t);
      const url = `/store/products?handle=cached-tee`;
      await t.http().get(url).expect(200);
      const currencies = () =>
        t
          .http()
          .get('/admin/currencies?code=nok')
          .set(bearer(admin.apiToken))
          .expect(200)
          .then((r) => r.body.currencies[0]);
      const before = await currencies();
      await t.dataSource.query(`UPDATE currency SET includes_tax = NOT includes_tax WHERE code = 'nok'`);
      await eventually(currencies, (c) => c.includes_tax === !before.includes_tax, 'the currency change');
      const hits = cache.stats.hits;
      await t.http().get(url).expect(200);
      expect(cache.stats.hits).toBe(hits + 1);
    });

    it('shows a write made through this instance to the next request at once (write fence)', async () => {
      const auth = bearer(admin.apiToken);
      const read = async () => (await t.http().get('/admin/currencies?code=sek').set(auth).expect(200)).body.currencies[0].includes_tax as boolean;
      let expected = await read();
      for (let i = 0; i < 10; i++) {
        await read(); // cached
        expected = !expected;
        await t.http().post('/admin/currencies/sek').set(auth).send({ includes_tax: expected }).expect(200);
        expect(await read()).toBe(expected);
      }
    });

    it('still runs the admin guard on a cached route, and caches no 4xx', async () => {
      const cache = cacheOf(t);
      await t.http().get('/admin/currencies').set(bearer(admin.apiToken)).expect(200);
      await t.http().get('/admin/currencies').set(bearer(admin.apiToken)).expect(200);
      const stored = cache.stats.stored;
      await t.http().get('/admin/currencies').expect(401);
      await t.http().get('/admin/currencies').set(bearer('tok_wrong')).expect(401);
      for (const url of [
        '/store/collections?expand=products',
        '/store/products?expand=secrets',
        '/store/products?fields=password_hash',
        '/store/products?limit=x',
      ]) {
        for (let i = 0; i < 2; i++) expect((await t.http().get(url).expect(400)).body.type).toBe('invalid_data');
      }
      await t.http().get('/store/products?region_id=reg_cache_later').expect(404);
      await t.http().get('/store/products?region_id=reg_cache_later').expect(404);
      expect(cache.stats.stored).toBe(stored);
      // The 404 was not remembered: once the region exists, the same URL answers 200.
      await t.dataSource.query(`INSERT INTO region (id, name, currency_code, tax_rate) VALUES ('reg_cache_later', 'Later', 'eur', 0)`);
      await t.http().get('/store/products?region_id=reg_cache_later').expect(200);
    });

    it('never caches a response priced by a cart', async () => {
      const cache = cacheOf(t);
      const { bypassed, stored } = cache.stats;
      await t.http().get('/store/products?cart_id=cart_unknown').expect(200);
      await t.http().get(`/store/products/${product.id}?cart_id=cart_unknown`).expect(200);
      expect(cache.stats.bypassed).toBe(bypassed + 2);
      expect(cache.stats.stored).toBe(stored);
    });
  });

  describe('listener connection down', () => {
    it('bypasses the cache while the listener is down, and starts afresh once it is back', async () => {
      const cache = cacheOf(t);
      const listener = noticesOf(t).listener!;
      await collectionTitle(t);
      const title = await collectionTitle(t);
      const { hits, bypassed } = cache.stats;
      listener.reconnectDelayMs = 60_000; // stays down until restarted below
      const [{ ok }] = await t.dataSource.query(`SELECT pg_terminate_backend($1) AS ok`, [listener.backendPid]);
      expect(ok).toBe(true);
      await eventually(
        async () => listener.isListening,
        (up) => !up,
        'the listener to notice it is gone',
      );

      await silentWrite(t, `UPDATE product_collection SET title = 'Unannounced' WHERE id = $1`, [collection.id]);
      expect(await collectionTitle(t)).toBe('Unannounced');
      expect(await collectionTitle(t)).toBe('Unannounced');
      expect(listener.isListening).toBe(false);
      expect(cache.stats.hits).toBe(hits);
      expect(cache.stats.bypassed).toBe(bypassed + 2);
      expect(cache.entries).toBe(0);

      listener.reconnectDelayMs = 500;
      await listener.stop();
      listener.start();
      await listening(t);
      await silentWrite(t, `UPDATE product_collection SET title = $2 WHERE id = $1`, [collection.id, title]);
      expect(await collectionTitle(t)).toBe(title); // nothing from before the outage survived
      expect(await collectionTitle(t)).toBe(title);
      expect(cache.stats.hits).toBe(hits + 1);
    });
  });

  describe('two instances on one database', () => {
    let b: TestApp;
    beforeAll(async () => {
      b = await startTestApp(t.databaseUrl);
    });
    afterAll(() => b.close());

    it('drops both caches on a write through either instance, and on plain SQL', async () => {
      const other = await createCollection(t.dataSource.manager, { title: 'Shared 0' });
      await listening(t);
      await listening(b);
      for (const app of [t, b]) {
        await collectionTitle(app, other.id);
        const hits = cacheOf(app).stats.hits;
        expect(await collectionTitle(app, other.id)).toBe('Shared 0');
        expect(cacheOf(app).stats.hits).toBe(hits + 1);
      }
      const auth = bearer(admin.apiToken);
      await t.http().post(`/admin/collections/${other.id}`).set(auth).send({ title: 'Shared 1' }).expect(200);
      expect(await collectionTitle(t, other.id)).toBe('Shared 1');
      await eventually(
        () => collectionTitle(b, other.id),
        (title) => title === 'Shared 1',
        'instance b to see a write through a',
      );
      await b.http().post(`/admin/collections/${other.id}`).set(auth).send({ title: 'Shared 2' }).expect(200);
      expect(await collectionTitle(b, other.id)).toBe('Shared 2');
      await eventually(
        () => collectionTitle(t, other.id),
        (title) => title === 'Shared 2',
        'instance a to see a write through b',
      );
      await t.dataSource.query(`UPDATE product_collection SET title = 'Shared 3' WHERE id = $1`, [other.id]);
      for (const app of [t, b])
        await eventually(
          () => collectionTitle(app, other.id),
          (title) => title === 'Shared 3',
          'a plain SQL write',
        );
    });
  });

  describe('CATALOGUE_CACHE_MAX_BYTES=0', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await startTestApp(t.databaseUrl, { CATALOGUE_CACHE_MAX_BYTES: '0' });
    });
    afterAll(() => off.close());

    it('turns the catalogue cache off, and only it: every request reads the database', async () => {
      const cache = cacheOf(off);
      expect(cache.enabled).toBe(false);
      expect(noticesOf(off).enabled).toBe(true);
      await collectionTitle(off);
      await silentWrite(off, `UPDATE product_collection SET title = 'Uncached' WHERE id = $1`, [collection.id]);
      expect(await collectionTitle(off)).toBe('Uncached');
      expect(cache.stats).toEqual({ hits: 0, misses: 0, bypassed: 0, stored: 0, invalidations: 0 });
    });
  });
});

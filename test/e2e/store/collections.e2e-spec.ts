import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import { createCollection } from '../../factories/collection.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

describe('Store product collections (/store/collections)', () => {
  let t: TestApp;
  let summer: ProductCollection;
  let winter: ProductCollection;

  beforeAll(async () => {
    t = await createTestApp();
    const m = t.dataSource.manager;
    const product = await createProduct(m);
    summer = await createCollection(m, { title: 'Summer', handle: 'summer', metadata: { hot: true }, product_ids: [product.id] });
    winter = await createCollection(m, { title: 'Winter', handle: 'winter' });
    for (let i = 0; i < 10; i++) await createCollection(m);
  });
  afterAll(() => t.close());

  describe('GET /store/collections', () => {
    it('lists without authentication: default limit 10, newest first, all columns, no products', async () => {
      const res = await t.http().get('/store/collections').expect(200);
      expect(res.body).toMatchObject({ count: 12, offset: 0, limit: 10 });
      expect(res.body.collections).toHaveLength(10);
      const created = res.body.collections.map((c: ProductCollection) => c.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      expect(Object.keys(res.body.collections[0]).sort()).toEqual(['created_at', 'deleted_at', 'handle', 'id', 'metadata', 'title', 'updated_at']);
    });

    it('filters by handle[] (or a comma list)', async () => {
      const res = await t.http().get('/store/collections?handle[]=summer&handle[]=winter').expect(200);
      expect(ids(res.body.collections)).toEqual(ids([summer, winter]));
      const comma = await t.http().get('/store/collections?handle[]=summer,winter').expect(200);
      expect(comma.body.count).toBe(2);
      const one = await t.http().get('/store/collections?handle=winter').expect(200);
      expect(ids(one.body.collections)).toEqual([winter.id]);
      const found = await t.http().get('/store/collections?handle[]=summer').expect(200);
      expect(found.body.collections[0]).toMatchObject({ id: summer.id, title: 'Summer', metadata: { hot: true } });
      expect(found.body.collections[0]).not.toHaveProperty('products');
    });

    it('filters by created_at / updated_at and pages', async () => {
      const future = new Date(Date.now() + 3600_000).toISOString();
      const none = await t.http().get(`/store/collections?created_at[gt]=${future}`).expect(200);
      expect(none.body).toMatchObject({ collections: [], count: 0 });
      const all = await t.http().get(`/store/collections?updated_at[lt]=${future}&limit=5&offset=10`).expect(200);
      expect(all.body).toMatchObject({ count: 12, limit: 5, offset: 10 });
      expect(all.body.collections).toHaveLength(2);
      const bad = await t.http().get('/store/collections?created_at[gt]=not-a-date').expect(400);
      expect(bad.body.type).toBe('invalid_data');
      await t.http().get('/store/collections?limit=-1').expect(400);
    });

    it('hides soft-deleted collections', async () => {
      const gone = await createCollection(t.dataSource.manager, { handle: 'gone' });
      await t.dataSource.getRepository(ProductCollection).softDelete({ id: gone.id });
      const res = await t.http().get('/store/collections?handle[]=gone').expect(200);
      expect(res.body.count).toBe(0);
    });

    it('rejects q, expand, fields and order (400), as Medusa does', async () => {
      for (const query of ['q=summer', 'expand=products', 'fields=title', 'order=title']) {
        const res = await t.http().get(`/store/collections?${query}`).expect(400);
        expect(res.body.type).toBe('invalid_data');
      }
    });
  });

  describe('GET /store/collections/:id', () => {
    it('returns the collection without relations', async () => {
      const res = await t.http().get(`/store/collections/${summer.id}`).expect(200);
      expect(res.body.collection).toEqual({
        id: summer.id,
        title: 'Summer',
        handle: 'summer',
        metadata: { hot: true },
        created_at: summer.created_at.toISOString(),
        updated_at: summer.updated_at.toISOString(),
        deleted_at: null,
      });
    });

    it('answers 404 for an unknown or deleted collection', async () => {
      const res = await t.http().get('/store/collections/pcol_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Product collection with id: pcol_missing was not found' });
      const gone = await createCollection(t.dataSource.manager);
      await t.dataSource.getRepository(ProductCollection).softDelete({ id: gone.id });
      await t.http().get(`/store/collections/${gone.id}`).expect(404);
    });
  });
});

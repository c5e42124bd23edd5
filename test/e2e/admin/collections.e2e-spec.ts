import { ProductCollection } from '../../../src/modules/collections/product-collection.entity';
import { Product } from '../../../src/modules/products/product.entity';
import { createCollection } from '../../factories/collection.factory';
import { createDiscount } from '../../factories/discount.factory';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id).sort();

describe('Admin product collections (/admin/collections)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const collectionOf = async (productId: string) => (await t.dataSource.getRepository(Product).findOneByOrFail({ id: productId })).collection_id;

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/collections').expect(401);
    await t.http().post('/admin/collections').send({ title: 'x' }).expect(401);
    await t.http().delete('/admin/collections/pcol_x').expect(401);
    await t
      .http()
      .post('/admin/collections/pcol_x/products/batch')
      .send({ product_ids: ['p'] })
      .expect(401);
  });

  describe('POST /admin/collections', () => {
    it('creates a collection (200); the handle defaults to the kebab-case of the title', async () => {
      const res = await admin
        .post('/admin/collections')
        .send({ title: 'Crème Brûlée Summer!', metadata: { season: 'summer' } })
        .expect(200);
      expect(res.body.collection).toMatchObject({
        id: expect.stringMatching(/^pcol_/),
        title: 'Crème Brûlée Summer!',
        handle: 'creme-brulee-summer',
        metadata: { season: 'summer' },
        products: [],
        deleted_at: null,
      });
    });

    it('keeps a given handle, and treats an empty one as absent', async () => {
      const given = await admin.post('/admin/collections').send({ title: 'Winter', handle: 'cold-stuff' }).expect(200);
      expect(given.body.collection.handle).toBe('cold-stuff');
      const empty = await admin.post('/admin/collections').send({ title: 'Spring Time', handle: '' }).expect(200);
      expect(empty.body.collection.handle).toBe('spring-time');
    });

    it('refuses a handle a live collection has (422); a deleted one frees it', async () => {
      await admin.post('/admin/collections').send({ title: 'Autumn' }).expect(200);
      const res = await admin.post('/admin/collections').send({ title: 'Another', handle: 'autumn' }).expect(422);
      expect(res.body).toEqual({ type: 'duplicate_error', code: 'invalid_request_error', message: 'Product_collection with handle autumn already exists.' });
      const old = await createCollection(t.dataSource.manager, { handle: 'reusable' });
      await admin.delete(`/admin/collections/${old.id}`).expect(200);
      await admin.post('/admin/collections').send({ title: 'Reusable' }).expect(200);
    });

    it('validates the body', async () => {
      const res = await admin.post('/admin/collections').send({ handle: 5, extra: true }).expect(400);
      expect(res.body.type).toBe('invalid_data');
      expect(res.body.message).toContain('title must be a string');
      expect(res.body.message).toContain('handle must be a string');
      expect(res.body.message).toContain('property extra should not exist');
      await admin.post('/admin/collections').send({ title: '' }).expect(400);
    });
  });

  describe('GET /admin/collections', () => {
    let shirts: ProductCollection;
    let pants: ProductCollection;
    let product: Product;

    beforeAll(async () => {
      const m = t.dataSource.manager;
      product = await createProduct(m);
      shirts = await createCollection(m, { title: 'List Shirts', handle: 'list-shirts', metadata: { secret: 1 }, product_ids: [product.id] });
      pants = await createCollection(m, { title: 'List Pants', handle: 'list-pants' });
      for (let i = 0; i < 10; i++) await createCollection(m);
    });

    it('lists with default limit 10, newest first; items carry only the list columns plus products with their profile', async () => {
      const res = await admin.get('/admin/collections').expect(200);
      expect(res.body).toMatchObject({ offset: 0, limit: 10 });
      expect(res.body.count).toBeGreaterThan(10);
      expect(res.body.collections).toHaveLength(10);
      const created = res.body.collections.map((c: ProductCollection) => c.created_at);
      expect([...created].sort().reverse()).toEqual(created);
      const q = await admin.get('/admin/collections').query({ q: 'list-shirts' }).expect(200);
      expect(Object.keys(q.body.collections[0]).sort()).toEqual(['created_at', 'handle', 'id', 'products', 'title', 'updated_at']);
      expect(q.body.collections[0].products).toEqual([
        expect.objectContaining({ id: product.id, title: product.title, profile: expect.objectContaining({ id: 'sp_default' }) }),
      ]);
    });

    it('filters by exact title and handle, and q over title and handle', async () => {
      const byTitle = await admin.get('/admin/collections').query({ title: 'List Pants' }).expect(200);
      expect(ids(byTitle.body.collections)).toEqual([pants.id]);
      const byHandle = await admin.get('/admin/collections').query({ handle: 'list-shirts' }).expect(200);
      expect(ids(byHandle.body.collections)).toEqual([shirts.id]);
      const partial = await admin.get('/admin/collections').query({ handle: 'list' }).expect(200);
      expect(partial.body.count).toBe(0);
      const q = await admin.get('/admin/collections').query({ q: 'LIST ' }).expect(200);
      expect(ids(q.body.collections)).toEqual(ids([shirts, pants]));
      const qHandle = await admin.get('/admin/collections').query({ q: 'pants' }).expect(200);
      expect(ids(qHandle.body.collections)).toEqual([pants.id]);
    });

    it('filters by dates; a deleted_at filter includes deleted collections', async () => {
      const gone = await createCollection(t.dataSource.manager, { title: 'Gone Soon' });
      await admin.delete(`/admin/collections/${gone.id}`).expect(200);
      const live = await admin.get('/admin/collections').query({ q: 'Gone Soon' }).expect(200);
      expect(live.body.count).toBe(0);
      const past = new Date(Date.now() - 3600_000).toISOString();
      const deleted = await admin.get(`/admin/collections?deleted_at[gt]=${past}&q=gone`).expect(200);
      expect(ids(deleted.body.collections)).toEqual([gone.id]);
      const notYet = await admin.get(`/admin/collections?deleted_at[lt]=${past}&q=gone`).expect(200);
      expect(notYet.body.count).toBe(0);
      const future = new Date(Date.now() + 3600_000).toISOString();
      const none = await admin.get(`/admin/collections?created_at[gt]=${future}`).expect(200);
      expect(none.body.count).toBe(0);
      const updated = await admin.get(`/admin/collections?updated_at[lt]=${future}&q=list`).expect(200);
      expect(updated.body.count).toBe(2);
      await admin.get('/admin/collections?created_at[gt]=garbage').expect(400);
    });

    it("filters by discount_condition_id (the condition's collections)", async () => {
      const discount = await createDiscount(t.dataSource.manager, {
        conditions: [{ type: 'product_collections', operator: 'not_in', resource_ids: [pants.id] }],
      });
      const res = await admin.get('/admin/collections').query({ discount_condition_id: discount.rule!.conditions![0].id }).expect(200);
      expect(ids(res.body.collections)).toEqual([pants.id]);
      const unknown = await admin.get('/admin/collections').query({ discount_condition_id: 'discon_missing' }).expect(200);
      expect(unknown.body.count).toBe(0);
    });

    it('orders and pages', async () => {
      const res = await admin.get('/admin/collections').query({ q: 'list', order: 'title' }).expect(200);
      expect(res.body.collections.map((c: ProductCollection) => c.title)).toEqual(['List Pants', 'List Shirts']);
      const page = await admin.get('/admin/collections').query({ q: 'list', order: '-title', offset: 1, limit: 1 }).expect(200);
      expect(page.body).toMatchObject({ count: 2, offset: 1, limit: 1, collections: [{ title: 'List Pants' }] });
      await admin.get('/admin/collections').query({ order: 'nope' }).expect(400);
    });

    it('rejects expand and fields, as Medusa does', async () => {
      const expand = await admin.get('/admin/collections').query({ expand: 'products' }).expect(400);
      expect(expand.body).toEqual({ type: 'invalid_data', message: 'property expand should not exist' });
      await admin.get('/admin/collections').query({ fields: 'title' }).expect(400);
    });
  });

  describe('GET /admin/collections/:id', () => {
    it('returns every column and the products with their profile; expand and fields apply', async () => {
      const p = await createProduct(t.dataSource.manager);
      const c = await createCollection(t.dataSource.manager, { metadata: { a: 1 }, product_ids: [p.id] });
      const res = await admin.get(`/admin/collections/${c.id}`).expect(200);
      expect(res.body.collection).toMatchObject({ id: c.id, title: c.title, handle: c.handle, metadata: { a: 1 }, deleted_at: null });
      expect(res.body.collection.products).toEqual([expect.objectContaining({ id: p.id, profile: expect.objectContaining({ id: 'sp_default' }) })]);
      const trimmed = await admin.get(`/admin/collections/${c.id}`).query({ expand: 'products.variants', fields: 'title' }).expect(200);
      expect(trimmed.body.collection).toEqual({
        id: c.id,
        title: c.title,
        products: [expect.objectContaining({ id: p.id, variants: [expect.objectContaining({ product_id: p.id })] })],
      });
      await admin.get(`/admin/collections/${c.id}`).query({ expand: 'nope' }).expect(400);
    });

    it('answers 404 for an unknown collection', async () => {
      const res = await admin.get('/admin/collections/pcol_missing').expect(404);
      expect(res.body).toEqual({ type: 'not_found', message: 'Product collection with id: pcol_missing was not found' });
    });
  });

  describe('POST /admin/collections/:id', () => {
    it('updates title, handle and merges metadata; renaming keeps the handle', async () => {
      const c = await createCollection(t.dataSource.manager, { title: 'Old Title', handle: 'old-handle', metadata: { x: 1, y: 2 } });
      const renamed = await admin
        .post(`/admin/collections/${c.id}`)
        .send({ title: 'New Title', metadata: { y: '', z: 3 } })
        .expect(200);
      expect(renamed.body.collection).toMatchObject({ id: c.id, title: 'New Title', handle: 'old-handle', metadata: { x: 1, z: 3 }, products: [] });
      const rehandled = await admin.post(`/admin/collections/${c.id}`).send({ handle: 'new-handle' }).expect(200);
      expect(rehandled.body.collection.handle).toBe('new-handle');
    });

    it('refuses a taken handle (422), answers 404 and validates', async () => {
      await createCollection(t.dataSource.manager, { handle: 'occupied-handle' });
      const c = await createCollection(t.dataSource.manager);
      const dup = await admin.post(`/admin/collections/${c.id}`).send({ handle: 'occupied-handle' }).expect(422);
      expect(dup.body.message).toBe('Product_collection with handle occupied-handle already exists.');
      await admin.post('/admin/collections/pcol_missing').send({ title: 'x' }).expect(404);
      const bad = await admin.post(`/admin/collections/${c.id}`).send({ metadata: 'x' }).expect(400);
      expect(bad.body.message).toContain('metadata must be an object');
    });
  });

  describe('DELETE /admin/collections/:id', () => {
    it('soft-deletes the collection and detaches (not deletes) its products', async () => {
      const p = await createProduct(t.dataSource.manager);
      const c = await createCollection(t.dataSource.manager, { product_ids: [p.id] });
      const res = await admin.delete(`/admin/collections/${c.id}`).expect(200);
      expect(res.body).toEqual({ id: c.id, object: 'product-collection', deleted: true });
      await admin.get(`/admin/collections/${c.id}`).expect(404);
      expect(await collectionOf(p.id)).toBeNull();
      const row = await t.dataSource.getRepository(ProductCollection).findOneOrFail({ where: { id: c.id }, withDeleted: true });
      expect(row.deleted_at).toBeInstanceOf(Date);
    });

    it('answers 404 for an unknown or already deleted collection', async () => {
      const res = await admin.delete('/admin/collections/pcol_missing').expect(404);
      expect(res.body.message).toBe('Product collection with id: pcol_missing was not found');
    });
  });

  describe('POST /admin/collections/:id/products/batch', () => {
    it('moves products into the collection (also out of another); unknown ids are ignored', async () => {
      const m = t.dataSource.manager;
      const [p1, p2] = [await createProduct(m), await createProduct(m)];
      const other = await createCollection(m, { product_ids: [p2.id] });
      const c = await createCollection(m);
      const res = await admin
        .post(`/admin/collections/${c.id}/products/batch`)
        .send({ product_ids: [p1.id, p2.id, 'prod_unknown'] })
        .expect(200);
      expect(res.body.collection.id).toBe(c.id);
      expect(ids(res.body.collection.products)).toEqual(ids([p1, p2]));
      expect(await collectionOf(p2.id)).toBe(c.id);
      const otherNow = await admin.get(`/admin/collections/${other.id}`).expect(200);
      expect(otherNow.body.collection.products).toEqual([]);
    });

    it('answers 404 for an unknown collection and validates the body', async () => {
      const p = await createProduct(t.dataSource.manager);
      await admin
        .post('/admin/collections/pcol_missing/products/batch')
        .send({ product_ids: [p.id] })
        .expect(404);
      expect(await collectionOf(p.id)).toBeNull();
      const c = await createCollection(t.dataSource.manager);
      const empty = await admin.post(`/admin/collections/${c.id}/products/batch`).send({ product_ids: [] }).expect(400);
      expect(empty.body.message).toContain('product_ids should not be empty');
      await admin
        .post(`/admin/collections/${c.id}/products/batch`)
        .send({ product_ids: [1] })
        .expect(400);
    });
  });

  describe('DELETE /admin/collections/:id/products/batch', () => {
    it('takes products out of this collection only and echoes the ids sent', async () => {
      const m = t.dataSource.manager;
      const [p1, p2, elsewhere] = [await createProduct(m), await createProduct(m), await createProduct(m)];
      const c = await createCollection(m, { product_ids: [p1.id, p2.id] });
      const other = await createCollection(m, { product_ids: [elsewhere.id] });
      const res = await admin
        .delete(`/admin/collections/${c.id}/products/batch`)
        .send({ product_ids: [p1.id, elsewhere.id] })
        .expect(200);
      expect(res.body).toEqual({ id: c.id, object: 'product-collection', removed_products: [p1.id, elsewhere.id] });
      expect(await collectionOf(p1.id)).toBeNull();
      expect(await collectionOf(p2.id)).toBe(c.id);
      expect(await collectionOf(elsewhere.id)).toBe(other.id);
      expect(await t.dataSource.getRepository(Product).existsBy({ id: p1.id })).toBe(true);
    });

    it('answers 404 for an unknown collection and validates the body', async () => {
      await admin
        .delete('/admin/collections/pcol_missing/products/batch')
        .send({ product_ids: ['prod_x'] })
        .expect(404);
      const c = await createCollection(t.dataSource.manager);
      await admin.delete(`/admin/collections/${c.id}/products/batch`).send({}).expect(400);
    });
  });
});

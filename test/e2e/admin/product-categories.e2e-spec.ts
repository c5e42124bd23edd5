import { ProductCategory } from '../../../src/modules/product-categories/product-category.entity';
import { createProduct } from '../../factories/product.factory';
import { createTestApp, TestApp } from '../../helpers/app';
import { adminAgent } from '../../helpers/auth';

type Agent = Awaited<ReturnType<typeof adminAgent>>;

describe('Admin product categories (/admin/product-categories)', () => {
  let t: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminAgent(t);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => (await admin.post('/admin/product-categories').send(body).expect(200)).body.product_category;
  /** name -> rank of the children of `parentId` (null: top level), as stored. */
  const ranks = async (parentId: string | null) => {
    const rows: Array<{ name: string; rank: number }> = await t.dataSource.query(
      'SELECT name, rank FROM product_category WHERE parent_category_id IS NOT DISTINCT FROM $1 ORDER BY rank',
      [parentId],
    );
    return rows.map((r) => `${r.name}:${r.rank}`);
  };
  const row = (id: string) => t.dataSource.getRepository(ProductCategory).findOneByOrFail({ id });

  it('needs an authenticated admin', async () => {
    await t.http().get('/admin/product-categories').expect(401);
    await t.http().post('/admin/product-categories').send({ name: 'x' }).expect(401);
    await t.http().get('/admin/product-categories/pcat_x').expect(401);
    await t.http().post('/admin/product-categories/pcat_x').send({ name: 'x' }).expect(401);
    await t.http().delete('/admin/product-categories/pcat_x').expect(401);
    await t.http().post('/admin/product-categories/pcat_x/products/batch').send({ product_ids: [] }).expect(401);
    await t.http().delete('/admin/product-categories/pcat_x/products/batch').send({ product_ids: [] }).expect(401);
  });

  describe('POST /admin/product-categories', () => {
    it('creates an inactive, public category last among its siblings, the handle from the name', async () => {
      const category = await create({ name: 'Crème Shirts', metadata: { a: 1 } });
      expect(category).toMatchObject({
        id: expect.stringMatching(/^pcat_/),
        name: 'Crème Shirts',
        description: '',
        handle: 'creme-shirts',
        is_active: false,
        is_internal: false,
        parent_category_id: null,
        parent_category: null,
        category_children: [],
        rank: 0,
        metadata: { a: 1 },
      });
      // Medusa's admin fields leave out the internal materialized path, at every level.
      expect(category).not.toHaveProperty('mpath');
      expect((await row(category.id)).mpath).toBe(`${category.id}.`);
      const child = await create({ name: 'Polo', handle: 'shirts/polo', parent_category_id: category.id, is_active: true, description: 'Short sleeves' });
      expect(child).toMatchObject({ parent_category_id: category.id, rank: 0, parent_category: { id: category.id } });
      expect(child).not.toHaveProperty('mpath');
      expect(child.parent_category).not.toHaveProperty('mpath');
      expect((await row(child.id)).mpath).toBe(`${category.id}.${child.id}.`);
      const parentView = await admin.get(`/admin/product-categories/${category.id}`).expect(200);
      expect(parentView.body.product_category.category_children).toEqual([expect.not.objectContaining({ mpath: expect.anything() })]);
      expect(parentView.body.product_category.category_children[0]).not.toHaveProperty('mpath');
      const listed = await admin.get('/admin/product-categories?handle=shirts/polo').expect(200);
      expect(listed.body.product_categories[0]).not.toHaveProperty('mpath');
      expect(listed.body.product_categories[0].parent_category).not.toHaveProperty('mpath');
      const second = await create({ name: 'Oxford', parent_category_id: category.id });
      expect(second.rank).toBe(1);
    });

    it('rejects a taken handle (422), an unknown parent (404) and a missing name (400), creating nothing', async () => {
      await create({ name: 'Taken', handle: 'taken' });
      const before = await t.dataSource.getRepository(ProductCategory).count();
      const dup = await admin.post('/admin/product-categories').send({ name: 'Other', handle: 'taken' }).expect(422);
      expect(dup.body).toMatchObject({ type: 'duplicate_error', message: 'Product_category with handle taken already exists.' });
      const orphan = await admin.post('/admin/product-categories').send({ name: 'Orphan', parent_category_id: 'pcat_missing' }).expect(404);
      expect(orphan.body).toMatchObject({ type: 'not_found', message: 'ProductCategory with id: pcat_missing was not found' });
      expect((await admin.post('/admin/product-categories').send({ description: 'no name' }).expect(400)).body.type).toBe('invalid_data');
      await admin.post('/admin/product-categories').send({ name: 'x', rank: 3 }).expect(400);
      // description: null is a 400 in Medusa (a NOT NULL column), also spelled "null".
      for (const description of [null, 'null', 42]) {
        const res = await admin.post('/admin/product-categories').send({ name: 'Null description', description }).expect(400);
        expect(res.body.type).toBe('invalid_data');
      }
      expect(await t.dataSource.getRepository(ProductCategory).count()).toBe(before);
    });
  });

  describe('GET /admin/product-categories', () => {
    it('lists every category by rank with parent and children, filters and pages', async () => {
      const root = await create({ name: 'Listing root', handle: 'listing-root', is_internal: true });
      const a = await create({ name: 'Listing A', parent_category_id: root.id });
      await create({ name: 'Listing B', parent_category_id: root.id, is_active: true });
      await create({ name: 'Listing A1', parent_category_id: a.id });

      const byHandle = await admin.get('/admin/product-categories?handle=listing-root').expect(200);
      expect(byHandle.body).toMatchObject({ count: 1, offset: 0, limit: 100 });
      const [found] = byHandle.body.product_categories;
      expect(found).toMatchObject({ id: root.id, is_internal: true, parent_category: null });
      expect(found.category_children.map((c: ProductCategory) => c.name)).toEqual(['Listing A', 'Listing B']);
      expect(found.category_children[0]).not.toHaveProperty('category_children');

      const tree = await admin.get('/admin/product-categories?handle=listing-root&include_descendants_tree=true').expect(200);
      expect(tree.body.product_categories[0].category_children[0].category_children.map((c: ProductCategory) => c.name)).toEqual(['Listing A1']);

      const children = await admin.get(`/admin/product-categories?parent_category_id=${root.id}`).expect(200);
      expect(children.body.product_categories.map((c: ProductCategory) => c.name)).toEqual(['Listing A', 'Listing B']);
      expect(children.body.product_categories[0].parent_category).toMatchObject({ id: root.id });

      const top = await admin.get('/admin/product-categories?parent_category_id=null&limit=1000').expect(200);
      expect(top.body.product_categories.map((c: ProductCategory) => c.id)).toContain(root.id);
      expect(top.body.product_categories.every((c: ProductCategory) => c.parent_category_id === null)).toBe(true);
      expect(top.body.product_categories.map((c: ProductCategory) => c.rank)).toEqual([...top.body.product_categories.keys()]);

      const active = await admin.get(`/admin/product-categories?parent_category_id=${root.id}&is_active=true`).expect(200);
      expect(active.body.product_categories.map((c: ProductCategory) => c.name)).toEqual(['Listing B']);
      const internal = await admin.get('/admin/product-categories?is_internal=true&q=listing').expect(200);
      expect(internal.body.product_categories.map((c: ProductCategory) => c.id)).toEqual([root.id]);

      const q = await admin.get('/admin/product-categories?q=LISTING%20a&expand=parent_category').expect(200);
      expect(q.body.product_categories.map((c: ProductCategory) => c.name).sort()).toEqual(['Listing A', 'Listing A1']);
      expect(q.body.product_categories[0]).not.toHaveProperty('category_children');

      const page = await admin.get(`/admin/product-categories?parent_category_id=${root.id}&limit=1&offset=1&fields=name`).expect(200);
      expect(page.body).toMatchObject({ count: 2, limit: 1, offset: 1 });
      expect(Object.keys(page.body.product_categories[0]).sort()).toEqual(['category_children', 'id', 'name', 'parent_category']);

      for (const bad of ['expand=variants', 'fields=password', 'is_active=maybe', 'limit=-1', 'order=name']) {
        expect((await admin.get(`/admin/product-categories?${bad}`).expect(400)).body.type).toBe('invalid_data');
      }
    });
  });

  describe('GET /admin/product-categories/:id', () => {
    it('returns the category with its parent and whole subtree, hidden ones included; 404 when unknown', async () => {
      const root = await create({ name: 'Get root' });
      const child = await create({ name: 'Get child', parent_category_id: root.id, is_internal: true });
      await create({ name: 'Get grandchild', parent_category_id: child.id });
      const res = await admin.get(`/admin/product-categories/${root.id}`).expect(200);
      expect(res.body.product_category).toMatchObject({
        id: root.id,
        parent_category: null,
        category_children: [{ id: child.id, category_children: [{ name: 'Get grandchild', category_children: [] }] }],
      });
      const missing = await admin.get('/admin/product-categories/pcat_missing').expect(404);
      expect(missing.body).toMatchObject({ type: 'not_found', message: 'ProductCategory with id: pcat_missing was not found' });
    });
  });

  describe('POST /admin/product-categories/:id', () => {
    it('updates fields and merges metadata; a taken handle is a 422 and changes nothing', async () => {
      const category = await create({ name: 'Upd', handle: 'upd', metadata: { keep: 1, drop: 2 } });
      await create({ name: 'Upd other', handle: 'upd-other' });
      const res = await admin
        .post(`/admin/product-categories/${category.id}`)
        .send({ name: 'Updated', description: 'D', is_active: true, is_internal: true, handle: 'updated', metadata: { drop: '', add: 3 } })
        .expect(200);
      expect(res.body.product_category).toMatchObject({
        name: 'Updated',
        description: 'D',
        is_active: true,
        is_internal: true,
        handle: 'updated',
        metadata: { keep: 1, add: 3 },
      });
      const dup = await admin.post(`/admin/product-categories/${category.id}`).send({ name: 'Nope', handle: 'upd-other' }).expect(422);
      expect(dup.body.type).toBe('duplicate_error');
      expect(await row(category.id)).toMatchObject({ name: 'Updated', handle: 'updated' });
      await admin.post('/admin/product-categories/pcat_missing').send({ name: 'x' }).expect(404);
      await admin.post(`/admin/product-categories/${category.id}`).send({ rank: -1 }).expect(400);
      await admin.post(`/admin/product-categories/${category.id}`).send({ mpath: 'x.' }).expect(400);
      const nullDescription = await admin.post(`/admin/product-categories/${category.id}`).send({ description: null }).expect(400);
      expect(nullDescription.body).toEqual({ type: 'invalid_data', message: 'description must be a string' });
      expect((await row(category.id)).description).toBe('D');
    });

    it('re-ranks among siblings, shifting the ones in between; a rank past the end means last', async () => {
      const parent = await create({ name: 'Rank parent' });
      const kids: Record<string, string> = {};
      for (const name of ['a', 'b', 'c', 'd']) kids[name] = (await create({ name, parent_category_id: parent.id })).id;
      expect(await ranks(parent.id)).toEqual(['a:0', 'b:1', 'c:2', 'd:3']);
      await admin.post(`/admin/product-categories/${kids.d}`).send({ rank: 1 }).expect(200);
      expect(await ranks(parent.id)).toEqual(['a:0', 'd:1', 'b:2', 'c:3']);
      await admin.post(`/admin/product-categories/${kids.a}`).send({ rank: 2 }).expect(200);
      expect(await ranks(parent.id)).toEqual(['d:0', 'b:1', 'a:2', 'c:3']);
      await admin.post(`/admin/product-categories/${kids.d}`).send({ rank: 99 }).expect(200);
      expect(await ranks(parent.id)).toEqual(['b:0', 'a:1', 'c:2', 'd:3']);
      const res = await admin.get(`/admin/product-categories/${parent.id}`).expect(200);
      expect(res.body.product_category.category_children.map((k: ProductCategory) => k.name)).toEqual(['b', 'a', 'c', 'd']);
    });

    it('moves a category with its subtree to another parent or the top level, closing and opening gaps', async () => {
      const from = await create({ name: 'From' });
      const to = await create({ name: 'To' });
      await create({ name: 'x', parent_category_id: from.id });
      const moving = await create({ name: 'moving', parent_category_id: from.id });
      await create({ name: 'y', parent_category_id: from.id });
      const leaf = await create({ name: 'leaf', parent_category_id: moving.id });
      await create({ name: 'p', parent_category_id: to.id });
      await create({ name: 'q', parent_category_id: to.id });

      const res = await admin.post(`/admin/product-categories/${moving.id}`).send({ parent_category_id: to.id, rank: 1 }).expect(200);
      expect(res.body.product_category).toMatchObject({ parent_category_id: to.id, rank: 1, parent_category: { id: to.id } });
      expect((await row(moving.id)).mpath).toBe(`${to.id}.${moving.id}.`);
      expect(await ranks(from.id)).toEqual(['x:0', 'y:1']);
      expect(await ranks(to.id)).toEqual(['p:0', 'moving:1', 'q:2']);
      expect((await row(leaf.id)).mpath).toBe(`${to.id}.${moving.id}.${leaf.id}.`);

      const tops = (await ranks(null)).length;
      await admin.post(`/admin/product-categories/${moving.id}`).send({ parent_category_id: null }).expect(200);
      expect(await ranks(to.id)).toEqual(['p:0', 'q:1']);
      expect((await ranks(null)).slice(-1)).toEqual([`moving:${tops}`]);
      expect(await row(leaf.id)).toMatchObject({ mpath: `${moving.id}.${leaf.id}.`, parent_category_id: moving.id });

      const loop = await admin.post(`/admin/product-categories/${moving.id}`).send({ parent_category_id: leaf.id }).expect(400);
      expect(loop.body.type).toBe('invalid_data');
      await admin.post(`/admin/product-categories/${moving.id}`).send({ parent_category_id: 'pcat_missing' }).expect(404);
      expect(await row(moving.id)).toMatchObject({ parent_category_id: null, mpath: `${moving.id}.` });
    });
  });

  it('keeps sibling ranks contiguous under concurrent creates, moves, re-ranks and deletes', async () => {
    const left = await create({ name: 'Busy left' });
    const right = await create({ name: 'Busy right' });
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) => admin.post('/admin/product-categories').send({ name: `busy ${i}`, parent_category_id: left.id })),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids: string[] = made.map((r) => r.body.product_category.id);
    const writes = await Promise.all([
      admin.post(`/admin/product-categories/${ids[0]}`).send({ parent_category_id: right.id, rank: 0 }),
      admin.post(`/admin/product-categories/${ids[1]}`).send({ rank: 5 }),
      admin.post(`/admin/product-categories/${ids[2]}`).send({ parent_category_id: right.id }),
      admin.delete(`/admin/product-categories/${ids[3]}`),
      admin.post(`/admin/product-categories/${ids[4]}`).send({ rank: 0 }),
      admin.post('/admin/product-categories').send({ name: 'busy late', parent_category_id: right.id }),
    ]);
    expect(writes.map((r) => r.status)).toEqual(Array(6).fill(200));
    const rankList = async (parentId: string) => (await ranks(parentId)).map((entry) => Number(entry.split(':')[1]));
    expect(await rankList(left.id)).toEqual([0, 1, 2, 3, 4]);
    expect(await rankList(right.id)).toEqual([0, 1, 2]);
  });

  describe('DELETE /admin/product-categories/:id', () => {
    it('deletes a leaf and closes the gap; refuses a category with children; a missing id is deleted: true', async () => {
      const parent = await create({ name: 'Del parent' });
      const first = await create({ name: 'first', parent_category_id: parent.id });
      await create({ name: 'second', parent_category_id: parent.id });
      const product = await createProduct(t.dataSource.manager);
      await admin
        .post(`/admin/product-categories/${first.id}/products/batch`)
        .send({ product_ids: [{ id: product.id }] })
        .expect(200);

      const refused = await admin.delete(`/admin/product-categories/${parent.id}`).expect(400);
      expect(refused.body).toMatchObject({ type: 'not_allowed', message: `Deleting ProductCategory (${parent.id}) with category children is not allowed` });

      const res = await admin.delete(`/admin/product-categories/${first.id}`).expect(200);
      expect(res.body).toEqual({ id: first.id, object: 'product-category', deleted: true });
      expect(await ranks(parent.id)).toEqual(['second:0']);
      expect(await t.dataSource.query('SELECT 1 FROM product WHERE id = $1', [product.id])).toHaveLength(1);
      await admin.delete('/admin/product-categories/pcat_missing').expect(200);
    });
  });

  describe('products in batch', () => {
    const linked = async (categoryId: string) =>
      (
        (await t.dataSource.query('SELECT product_id FROM product_category_product WHERE product_category_id = $1 ORDER BY product_id', [
          categoryId,
        ])) as Array<{ product_id: string }>
      ).map((r) => r.product_id);

    it('adds products (idempotently) and removes them, answering the category', async () => {
      const category = await create({ name: 'Batch' });
      const [p1, p2] = [await createProduct(t.dataSource.manager), await createProduct(t.dataSource.manager)];
      const added = await admin
        .post(`/admin/product-categories/${category.id}/products/batch`)
        .send({ product_ids: [{ id: p1.id }, { id: p2.id }, { id: p1.id }] })
        .expect(200);
      expect(added.body.product_category).toMatchObject({ id: category.id, parent_category: null, category_children: [] });
      expect(added.body.product_category).not.toHaveProperty('mpath');
      expect(await linked(category.id)).toEqual([p1.id, p2.id].sort());
      await admin
        .post(`/admin/product-categories/${category.id}/products/batch`)
        .send({ product_ids: [{ id: p1.id }] })
        .expect(200);
      await admin
        .post(`/admin/product-categories/${category.id}/products/batch`)
        .send({ product_ids: [p1.id] })
        .expect(400);

      const removed = await admin
        .delete(`/admin/product-categories/${category.id}/products/batch`)
        .send({ product_ids: [{ id: p1.id }] })
        .expect(200);
      expect(removed.body.product_category).toMatchObject({ id: category.id, category_children: [] });
      expect(await linked(category.id)).toEqual([p2.id]);
    });

    it("refuses unknown products with Medusa's MultipleErrors 400 before looking at the category, changing nothing", async () => {
      const category = await create({ name: 'Batch errors' });
      const p1 = await createProduct(t.dataSource.manager);
      for (const method of ['post', 'delete'] as const) {
        const unknown = await admin[method](`/admin/product-categories/${category.id}/products/batch`)
          .send({ product_ids: [{ id: 'prod_missing' }, { id: p1.id }, { id: 'prod_gone' }] })
          .expect(400);
        expect(unknown.body).toEqual({
          type: 'invalid_data',
          errors: ['Products prod_missing, prod_gone do not exist'],
          message: 'Provided request body contains errors. Please check the data and retry the request',
        });
        // The product check comes first, as Medusa's route validator runs before the handler.
        const both = await admin[method]('/admin/product-categories/pcat_missing/products/batch')
          .send({ product_ids: [{ id: 'prod_missing' }] })
          .expect(400);
        expect(both.body.errors).toEqual(['Products prod_missing do not exist']);
        const noCategory = await admin[method]('/admin/product-categories/pcat_missing/products/batch').send({ product_ids: [] }).expect(404);
        expect(noCategory.body).toEqual({ type: 'not_found', message: 'ProductCategory with id: pcat_missing was not found' });
        const withProduct = await admin[method]('/admin/product-categories/pcat_missing/products/batch')
          .send({ product_ids: [{ id: p1.id }] })
          .expect(404);
        expect(withProduct.body.type).toBe('not_found');
      }
      expect(await linked(category.id)).toEqual([]);
    });

    it('allows only the parent_category and category_children relations, as Medusa', async () => {
      const category = await create({ name: 'Batch relations' });
      for (const method of ['post', 'delete'] as const) {
        const refused = await admin[method]('/admin/product-categories/pcat_missing/products/batch?expand=products').send({ product_ids: [] }).expect(400);
        expect(refused.body).toEqual({ type: 'invalid_data', message: 'Requested fields [products] are not valid' });
      }
      for (const path of [`/admin/product-categories/${category.id}`, '/admin/product-categories']) {
        const refused = await admin.get(`${path}?expand=products`).expect(400);
        expect(refused.body).toEqual({ type: 'invalid_data', message: 'Requested fields [products] are not valid' });
      }
      const parentOnly = await admin.get(`/admin/product-categories/${category.id}?expand=parent_category`).expect(200);
      expect(parentOnly.body.product_category).toMatchObject({ id: category.id, parent_category: null });
    });
  });
});

import { randomBytes } from 'crypto';
import { EntityManager, IsNull } from 'typeorm';
import { generateEntityId } from '../../src/common/database/ids';
import { ProductCategory } from '../../src/modules/product-categories/product-category.entity';

export interface ProductCategorySpec extends Partial<Omit<ProductCategory, 'products' | 'parent_category' | 'category_children'>> {
  product_ids?: string[];
}

/**
 * A category (active and public unless told otherwise) placed last among its siblings,
 * with its materialized path, optionally holding products.
 */
export async function createProductCategory(manager: EntityManager, spec: ProductCategorySpec = {}): Promise<ProductCategory> {
  const { product_ids = [], ...fields } = spec;
  const repo = manager.getRepository(ProductCategory);
  const suffix = randomBytes(4).toString('hex');
  const parentId = fields.parent_category_id ?? null;
  const parent = parentId ? await repo.findOneByOrFail({ id: parentId }) : null;
  const id = fields.id ?? generateEntityId(ProductCategory.idPrefix);
  const rank = await repo.count({ where: { parent_category_id: parentId ?? IsNull() } });
  const category = await repo.save(
    repo.create({
      name: `Category ${suffix}`,
      handle: `category-${suffix}`,
      is_active: true,
      is_internal: false,
      rank,
      metadata: null,
      ...(fields as Partial<ProductCategory>),
      id,
      parent_category_id: parentId,
      mpath: `${parent?.mpath ?? ''}${id}.`,
    }),
  );
  for (const productId of product_ids) {
    await manager.query('INSERT INTO product_category_product (product_category_id, product_id) VALUES ($1, $2)', [category.id, productId]);
  }
  return repo.findOneByOrFail({ id: category.id });
}

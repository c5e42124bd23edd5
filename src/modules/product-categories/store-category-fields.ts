import type { ProductCategory } from './product-category.entity';

/**
 * The columns a shopper sees of a category, at every level of the tree, as Medusa's store
 * routes select them (not `is_active`, `is_internal` nor `mpath`).
 */
export const STORE_CATEGORY_FIELDS = ['id', 'name', 'description', 'handle', 'parent_category_id', 'rank', 'metadata', 'created_at', 'updated_at'];

export type StoreCategory = Partial<ProductCategory>;

export function toStoreCategory(category: ProductCategory): StoreCategory {
  const out: Record<string, unknown> = {};
  for (const field of STORE_CATEGORY_FIELDS) out[field] = category[field as keyof ProductCategory];
  if (category.parent_category !== undefined) out.parent_category = category.parent_category ? toStoreCategory(category.parent_category) : null;
  if (category.category_children !== undefined) out.category_children = category.category_children.map(toStoreCategory);
  return out as StoreCategory;
}

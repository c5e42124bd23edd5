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
  if (category.products !== undefined) out.products = category.products;
  return out as StoreCategory;
}

/**
 * A category as the admin routes answer it: Medusa's defaultProductCategoryFields at every
 * level of the tree (every column but the internal `mpath`), with the relations loaded.
 */
export function toAdminCategory(category: ProductCategory): Omit<ProductCategory, 'mpath'> {
  const { mpath: _mpath, parent_category, category_children, ...rest } = category;
  const out: Record<string, unknown> = { ...rest };
  if (parent_category !== undefined) out.parent_category = parent_category ? toAdminCategory(parent_category) : null;
  if (category_children !== undefined) out.category_children = category_children.map(toAdminCategory);
  return out as Omit<ProductCategory, 'mpath'>;
}

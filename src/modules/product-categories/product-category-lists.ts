import type { ListFilter, ListSpec } from '../../common/query/list-spec';
import { ProductCategory } from './product-category.entity';
import { STORE_CATEGORY_FIELDS } from './store-category-fields';

/** A category answer's relations (Medusa's defaults), admin and store. */
export const CATEGORY_RELATIONS = ['parent_category', 'category_children'];
/** Medusa 1.20 validates no relation on the store's routes; `products` is the one a storefront names (seen on a real 1.20.10). */
export const STORE_CATEGORY_ALLOWED_RELATIONS = [...CATEGORY_RELATIONS, 'products'];

const CATEGORY_FILTERS: Record<string, ListFilter> = {
  handle: { op: 'equals' },
  /** null: top-level categories only. */
  parent_category_id: { op: 'equals' },
};

/** Categories come by rank then handle, as Medusa orders them; their relations are attached by ProductCategoriesService. */
const CATEGORY_PAGE = {
  entity: ProductCategory,
  alias: 'category',
  q: { columns: ['name', 'handle'] },
  fixedOrder: { rank: 'ASC', handle: 'ASC' },
  tieBreaker: 'ASC',
  relationLoad: 'none',
} as const;

/** `GET /admin/product-categories`. */
export const ADMIN_CATEGORY_LIST: ListSpec<ProductCategory> = {
  ...CATEGORY_PAGE,
  query: { entity: ProductCategory, defaultRelations: CATEGORY_RELATIONS, allowedRelations: CATEGORY_RELATIONS, defaultLimit: 100, maxLimit: 1000 },
  filters: { ...CATEGORY_FILTERS, is_active: { op: 'equals' }, is_internal: { op: 'equals' } },
};

/** `GET /store/product-categories`: visible (active, not internal) categories only. */
export const STORE_CATEGORY_LIST: ListSpec<ProductCategory> = {
  ...CATEGORY_PAGE,
  query: {
    entity: ProductCategory,
    defaultRelations: CATEGORY_RELATIONS,
    allowedRelations: STORE_CATEGORY_ALLOWED_RELATIONS,
    allowedFields: STORE_CATEGORY_FIELDS,
    defaultLimit: 100,
    maxLimit: 1000,
  },
  where: 'category.is_active AND NOT category.is_internal',
  filters: CATEGORY_FILTERS,
};

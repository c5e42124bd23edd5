import type { ListFilter, ListSpec } from '../../common/query/list-spec';
import { ProductCollection } from './product-collection.entity';

/** Medusa's default: products with their shipping profile. */
export const ADMIN_COLLECTION_RELATIONS = ['products', 'products.profile'];
/** What `expand` may name on one admin collection. */
export const ADMIN_COLLECTION_ALLOWED_RELATIONS = [
  ...ADMIN_COLLECTION_RELATIONS,
  'products.variants',
  'products.images',
  'products.tags',
  'products.type',
  'products.profile',
  'products.profiles',
];

const COLLECTION_FILTERS: Record<string, ListFilter> = {
  handle: { op: 'equals' },
  created_at: { op: 'dates' },
  updated_at: { op: 'dates' },
};

/** `GET /admin/collections`: the collection's own columns Medusa's list selects; a `deleted_at` filter lists deleted ones too. */
export const ADMIN_COLLECTION_LIST: ListSpec<ProductCollection> = {
  entity: ProductCollection,
  alias: 'collection',
  query: {
    entity: ProductCollection,
    defaultLimit: 10,
    maxLimit: 1000,
    defaultRelations: ADMIN_COLLECTION_RELATIONS,
    allowedRelations: ADMIN_COLLECTION_RELATIONS,
  },
  columns: ['id', 'title', 'handle', 'created_at', 'updated_at'],
  filters: {
    ...COLLECTION_FILTERS,
    title: { op: 'equals' },
    deleted_at: { op: 'dates' },
    // Written by the discounts module: a condition's product collections.
    discount_condition_id: {
      op: 'sql',
      sql: '{a}.id IN (SELECT dcpc.product_collection_id FROM discount_condition_product_collection dcpc WHERE dcpc.condition_id = :value)',
    },
  },
  q: { columns: ['title', 'handle'] },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'query',
};

/** `GET /store/collections`. */
export const STORE_COLLECTION_LIST: ListSpec<ProductCollection> = {
  entity: ProductCollection,
  alias: 'collection',
  query: { entity: ProductCollection, defaultLimit: 10, maxLimit: 1000, defaultRelations: [], allowedRelations: [] },
  filters: COLLECTION_FILTERS,
  tieBreaker: 'ASC',
  relationLoad: 'query',
};

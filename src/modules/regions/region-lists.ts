import type { ListSpec } from '../../common/query/list-spec';
import { Region } from './region.entity';

/** A region answer's relations, admin and store alike (Medusa's defaultAdminRegionRelations / defaultStoreRegionRelations). */
export const REGION_RELATIONS = ['countries', 'payment_providers', 'fulfillment_providers', 'currency'];

/** `GET /admin/regions`: `q` searches the name; a `deleted_at` filter lists deleted regions too. */
export const ADMIN_REGION_LIST: ListSpec<Region> = {
  entity: Region,
  alias: 'region',
  query: { entity: Region, defaultRelations: REGION_RELATIONS, allowedRelations: REGION_RELATIONS, defaultLimit: 50, maxLimit: 1000, isList: true },
  filters: { created_at: { op: 'dates' }, updated_at: { op: 'dates' }, deleted_at: { op: 'dates' } },
  q: { columns: ['name'] },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'json-tree',
};

/** `GET /store/regions`. */
export const STORE_REGION_LIST: ListSpec<Region> = {
  entity: Region,
  alias: 'region',
  query: { entity: Region, defaultLimit: 100, maxLimit: 1000, defaultRelations: REGION_RELATIONS, allowedRelations: REGION_RELATIONS, isList: true },
  filters: { created_at: { op: 'dates' }, updated_at: { op: 'dates' } },
  relationLoad: 'query',
};

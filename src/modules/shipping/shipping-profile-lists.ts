import type { ListSpec } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { ShippingProfile } from './shipping-profile.entity';

/**
 * Medusa's list of profiles is its service's default page: at most 10 rows, no count and
 * no query (offset, limit, order are ignored; seen on a real 1.20.10 with 12 profiles).
 */
const SHIPPING_PROFILE_LIST_SIZE = 10;

/** `GET /admin/shipping-profiles`: the first page, oldest first (Medusa sets no order; this one is stable). */
export const ADMIN_SHIPPING_PROFILE_LIST: ListSpec<ShippingProfile> = {
  entity: ShippingProfile,
  alias: 'shipping_profile',
  query: {
    entity: ShippingProfile,
    defaultRelations: [],
    allowedRelations: [],
    defaultLimit: SHIPPING_PROFILE_LIST_SIZE,
    maxLimit: SHIPPING_PROFILE_LIST_SIZE,
  },
  filters: {},
  fixedOrder: { created_at: 'ASC' },
  tieBreaker: 'ASC',
  relationLoad: 'none',
};

/** The one page the route answers whatever its query says. */
export const SHIPPING_PROFILE_PAGE: FindConfig = { relations: [], skip: 0, take: SHIPPING_PROFILE_LIST_SIZE, order: {} };

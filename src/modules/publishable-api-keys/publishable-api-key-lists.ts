import type { ListSpec } from '../../common/query/list-spec';
import { PublishableApiKey } from './publishable-api-key.entities';

/** `GET /admin/publishable-api-keys`: `q` on the title; revoked keys are listed too. */
export const ADMIN_PUBLISHABLE_API_KEY_LIST: ListSpec<PublishableApiKey> = {
  entity: PublishableApiKey,
  alias: 'publishable_api_key',
  query: { entity: PublishableApiKey, defaultLimit: 20, maxLimit: 1000, defaultRelations: [], allowedRelations: [], isList: true },
  filters: {
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    revoked_at: { op: 'dates' },
  },
  q: { columns: ['title'] },
  tieBreaker: 'ASC',
  relationLoad: 'none',
};

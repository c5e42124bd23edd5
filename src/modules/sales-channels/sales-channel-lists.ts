import type { ListSpec } from '../../common/query/list-spec';
import { SalesChannel } from './sales-channel.entity';

/** `GET /admin/sales-channels`: `q` searches name and description (Medusa's columns). */
export const ADMIN_SALES_CHANNEL_LIST: ListSpec<SalesChannel> = {
  entity: SalesChannel,
  alias: 'sales_channel',
  query: { entity: SalesChannel, defaultLimit: 20, maxLimit: 1000, defaultRelations: [], allowedRelations: [], isList: true },
  filters: {
    id: { op: 'equals' },
    name: { op: 'equals' },
    description: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    deleted_at: { op: 'dates' },
  },
  q: { columns: ['name', 'description'] },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'none',
};

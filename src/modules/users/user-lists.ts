import type { ListSpec } from '../../common/query/list-spec';
import { User } from './user.entity';

/** `GET /admin/users`: `q` searches email, first and last name (Medusa's columns). */
export const ADMIN_USER_LIST: ListSpec<User> = {
  entity: User,
  alias: 'u',
  query: { entity: User, defaultLimit: 50, maxLimit: 1000, defaultRelations: [], allowedRelations: [], isList: true },
  filters: {
    id: { op: 'equals' },
    email: { op: 'equals' },
    first_name: { op: 'equals' },
    last_name: { op: 'equals' },
    role: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    deleted_at: { op: 'dates' },
  },
  q: { columns: ['email', 'first_name', 'last_name'] },
  includeDeletedWith: 'deleted_at',
  tieBreaker: 'ASC',
  relationLoad: 'none',
};

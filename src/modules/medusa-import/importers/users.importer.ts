import { requireColumns, type ImportKind } from '../import-kind';

/**
 * Admin users with their scrypt password hashes (verified here as they are and re-hashed
 * at the first login) and API tokens, which keep authenticating as before.
 */
export const userKinds: ImportKind[] = [
  {
    name: 'users',
    target: 'user',
    source: 'user',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'deleted_at', 'email', 'first_name', 'last_name', 'role', 'password_hash', 'api_token', 'metadata'],
    expressions: { role: (schema) => (schema.hasColumn('user', 'role') ? `COALESCE(s.role::text, 'member')` : `'admin'`) },
    check: requireColumns('email'),
  },
];

import { requireColumns, type ImportKind } from '../import-kind';

/**
 * Invitations still open. Medusa keeps an invite's token (the JWT its mail carries) in
 * clear; only its digest is written here, as the invites module keeps its own
 * (inviteTokenDigest: the hex SHA-256 of the token's UTF-8), computed in the source query
 * so the token itself is never even read. The mailed token is then accepted here as it was.
 */
const INVITE_TOKEN_DIGEST = `encode(sha256(convert_to(s.token, 'UTF8')), 'hex')`;

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
  {
    name: 'invites',
    target: 'invite',
    source: 'invite',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'deleted_at', 'user_email', 'role', 'accepted', 'token_digest', 'expires_at', 'metadata'],
    expressions: { role: `COALESCE(s.role::text, 'member')`, token_digest: INVITE_TOKEN_DIGEST },
    check: requireColumns('user_email', 'token_digest'),
  },
];

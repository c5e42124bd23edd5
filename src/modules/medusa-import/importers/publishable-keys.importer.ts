import { requireColumns, type ImportKind } from '../import-kind';

/**
 * Publishable API keys (storefronts send them as they are: the key is its id, not a secret)
 * and the sales channels they scope a storefront to. A link Medusa soft-deleted no longer
 * scopes anything, so it is left out.
 */
export const publishableKeyKinds: ImportKind[] = [
  {
    name: 'publishable API keys',
    target: 'publishable_api_key',
    source: 'publishable_api_key',
    key: ['id'],
    columns: ['id', 'created_at', 'updated_at', 'title', 'created_by', 'revoked_by', 'revoked_at'],
    check: requireColumns('title'),
    optional: true,
  },
  {
    name: 'publishable API key sales channels',
    target: 'publishable_api_key_sales_channel',
    source: 'publishable_api_key_sales_channel',
    key: ['sales_channel_id', 'publishable_key_id'],
    columns: ['sales_channel_id', 'publishable_key_id', 'id', 'created_at', 'updated_at'],
    skip: {
      where: (schema) => (schema.hasColumn('publishable_api_key_sales_channel', 'deleted_at') ? 's.deleted_at IS NOT NULL' : 'FALSE'),
      reason: 'links removed in Medusa',
    },
    expressions: {
      id: (schema) =>
        schema.hasColumn('publishable_api_key_sales_channel', 'id') ? 's.id' : `'pksc_' || md5(s.publishable_key_id || '/' || s.sales_channel_id)`,
    },
    optional: true,
  },
];

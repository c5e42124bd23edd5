import type { ListSpec } from '../../common/query/list-spec';
import { BatchJob } from './batch-job.entity';

/** What `expand` may name on a batch job. */
export const BATCH_JOB_QUERY = { entity: BatchJob, allowedRelations: ['created_by_user'], defaultRelations: [], computedFields: ['status'] };

/** `GET /admin/batch-jobs`: the caller's jobs only (`created_by` is always given: Medusa forces `created_by = me`). */
export const ADMIN_BATCH_JOB_LIST: ListSpec<BatchJob> = {
  entity: BatchJob,
  alias: 'batch_job',
  query: { ...BATCH_JOB_QUERY, defaultLimit: 10 },
  filters: {
    created_by: { op: 'equals' },
    id: { op: 'equals' },
    type: { op: 'equals' },
    created_at: { op: 'dates' },
    updated_at: { op: 'dates' },
    pre_processed_at: { op: 'dates' },
    confirmed_at: { op: 'dates' },
    completed_at: { op: 'dates' },
    failed_at: { op: 'dates' },
    canceled_at: { op: 'dates' },
  },
  relationLoad: 'query',
};

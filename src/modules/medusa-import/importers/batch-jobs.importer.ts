import type { ImportKind } from '../import-kind';

/** Batch jobs' records (their files stay in Medusa's file service and are not copied). */
export const batchJobKinds: ImportKind[] = [
  {
    name: 'batch jobs',
    target: 'batch_job',
    source: 'batch_job',
    key: ['id'],
    columns: [
      'id',
      'created_at',
      'updated_at',
      'deleted_at',
      'type',
      'created_by',
      'context',
      'result',
      'dry_run',
      'pre_processed_at',
      'processing_at',
      'confirmed_at',
      'completed_at',
      'canceled_at',
      'failed_at',
    ],
    optional: true,
  },
];

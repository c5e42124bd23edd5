import { batchJobStatus } from './batch-job-status';

describe('batchJobStatus', () => {
  const at = new Date('2024-01-01T00:00:00Z');

  it('is created when no lifecycle timestamp is set', () => {
    expect(batchJobStatus({})).toBe('created');
  });

  it('follows the lifecycle forwards', () => {
    expect(batchJobStatus({ pre_processed_at: at })).toBe('pre_processed');
    expect(batchJobStatus({ pre_processed_at: at, confirmed_at: at })).toBe('confirmed');
    expect(batchJobStatus({ pre_processed_at: at, confirmed_at: at, processing_at: at })).toBe('processing');
    expect(batchJobStatus({ pre_processed_at: at, confirmed_at: at, processing_at: at, completed_at: at })).toBe('completed');
  });

  it('ranks failed above canceled above completed, whatever else is set', () => {
    expect(batchJobStatus({ completed_at: at, canceled_at: at })).toBe('canceled');
    expect(batchJobStatus({ canceled_at: at, failed_at: at })).toBe('failed');
    expect(batchJobStatus({ processing_at: at, failed_at: at, completed_at: at })).toBe('failed');
  });
});

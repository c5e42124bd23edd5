import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { ConfigError } from '../../config/configuration';
import { adminDashboard } from './admin-dashboard';

describe('adminDashboard (ADMIN_DASHBOARD_DIR)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'admin-dashboard-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start on a folder without a built dashboard, saying how to build one', () => {
    expect(() => adminDashboard(dir)).toThrow(ConfigError);
    expect(() => adminDashboard(join(dir, 'missing'))).toThrow(/no index\.html.*medusa-admin build --deployment --path \/app --backend \//);
  });

  it('accepts a folder holding an index.html', () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    expect(typeof adminDashboard(dir)).toBe('function');
  });
});

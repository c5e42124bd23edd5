import type { DataSource } from 'typeorm';

/**
 * Marks the given payment providers installed (writing their rows when missing), as Medusa
 * installs a plugin's providers at boot: a region can then offer them. One statement,
 * idempotent, so every instance may run it at start.
 */
export async function installPaymentProviders(dataSource: DataSource, ids: readonly string[]): Promise<void> {
  await dataSource.query(
    `INSERT INTO payment_provider (id, is_installed) SELECT unnest($1::varchar[]), true
     ON CONFLICT (id) DO UPDATE SET is_installed = true WHERE payment_provider.is_installed = false`,
    [ids],
  );
}

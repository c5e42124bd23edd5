import type { ClientBase } from 'pg';
import { MedusaImport, type ImportReport } from './medusa-import';
import { importKinds } from './medusa-import.kinds';
import { advanceDisplayIds, storeOrderTotals } from './importers/orders.importer';
import { connectSource } from './source-schema';

export interface ImportMedusaOptions {
  /** The Medusa v1 database (read only). */
  from: string;
  /** This service's database, already migrated; the import runs in one transaction on it. */
  target: ClientBase;
  dryRun?: boolean;
  batchSize?: number;
  log?: (line: string) => void;
}

/** Imports a Medusa v1 database into this service's database (see MedusaImport). */
export async function importMedusa(options: ImportMedusaOptions): Promise<ImportReport> {
  const source = await connectSource(options.from);
  try {
    const orders: string[] = [];
    const run = new MedusaImport(source, options.target, {
      dryRun: options.dryRun ?? false,
      batchSize: options.batchSize,
      log: options.log,
      finish: [advanceDisplayIds, (query, log) => storeOrderTotals(query, orders, log)],
    });
    return await run.run(importKinds(orders));
  } finally {
    await source.end().catch(() => undefined);
  }
}

import type { EntityManager } from 'typeorm';
import type { ImportLayout } from './import-layout';
import { defaultSalesChannelId, defaultShippingProfileId, knownCurrencyCodes, regionsNamed } from './product-import.queries';

/** Reference data an import resolves names against, loaded once per slice. */
export interface ImportRefs {
  regionIdByName: Map<string, string>;
  defaultProfileId: string | null;
  defaultSalesChannelId: string | null;
}

/**
 * Checks the file's price columns against the database (currencies exist, regions exist
 * and use the column's currency) and loads what rows will refer to. Returns the reason
 * the file cannot be imported, if any.
 */
export async function loadImportRefs(manager: EntityManager, layout: ImportLayout): Promise<ImportRefs | { error: string }> {
  const currencies = [...new Set([...layout.currencyPrices, ...layout.regionPrices].map((c) => c.currency_code))];
  if (currencies.length) {
    const known = await knownCurrencyCodes(manager, currencies);
    const missing = currencies.filter((c) => !known.includes(c));
    if (missing.length) return { error: `Unknown currency code(s) ${missing.map((c) => c.toUpperCase()).join(', ')} in the price columns` };
  }
  const regionIdByName = new Map<string, string>();
  const names = [...new Set(layout.regionPrices.map((c) => c.region_name))];
  if (names.length) {
    const regions = await regionsNamed(manager, names);
    for (const column of layout.regionPrices) {
      const region = regions.find((r) => r.name === column.region_name);
      if (!region) return { error: `Trying to set a price for a region ${column.region_name} that doesn't exist` };
      if (region.currency_code !== column.currency_code) {
        return {
          error: `Column "${column.header}": region ${column.region_name} uses ${region.currency_code.toUpperCase()}, not ${column.currency_code.toUpperCase()}`,
        };
      }
      regionIdByName.set(column.region_name, region.id);
    }
  }
  return { regionIdByName, defaultProfileId: await defaultShippingProfileId(manager), defaultSalesChannelId: await defaultSalesChannelId(manager) };
}

import type { EntityManager } from 'typeorm';

/**
 * The region's countries become exactly `countryIds`, in that order (`region_position`);
 * its other countries are released. One statement for the whole set.
 */
export async function setRegionCountries(manager: EntityManager, regionId: string, countryIds: readonly number[]): Promise<void> {
  await manager.query(
    `UPDATE country
        SET region_id = CASE WHEN array_position($2::int[], id) IS NULL THEN NULL ELSE $1::varchar END,
            region_position = array_position($2::int[], id) - 1
      WHERE region_id = $1 OR id = ANY($2::int[])`,
    [regionId, countryIds],
  );
}

/** Adds a country at the end of the region's list. */
export async function appendRegionCountry(manager: EntityManager, regionId: string, countryId: number): Promise<void> {
  await manager.query(
    `UPDATE country SET region_id = $1::varchar,
            region_position = (SELECT coalesce(max(region_position) + 1, 0) FROM country WHERE region_id = $1::varchar)
      WHERE id = $2`,
    [regionId, countryId],
  );
}

/** Releases the region's country with that (lower-case) ISO code; the others keep their order. */
export async function releaseRegionCountry(manager: EntityManager, regionId: string, iso2: string): Promise<void> {
  await manager.query(`UPDATE country SET region_id = NULL, region_position = NULL WHERE region_id = $1 AND iso_2 = $2`, [regionId, iso2]);
}

/** Releases every country of the region (a region's deletion). */
export async function releaseAllRegionCountries(manager: EntityManager, regionId: string): Promise<void> {
  await manager.query(`UPDATE country SET region_id = NULL, region_position = NULL WHERE region_id = $1`, [regionId]);
}

export type RegionProviderTable = 'region_payment_providers' | 'region_fulfillment_providers';

/** The region's providers of that kind become exactly `providerIds`. */
export async function setRegionProviders(manager: EntityManager, table: RegionProviderTable, regionId: string, providerIds: readonly string[]): Promise<void> {
  await manager.query(`DELETE FROM ${table} WHERE region_id = $1 AND NOT (provider_id = ANY($2::varchar[]))`, [regionId, providerIds]);
  if (providerIds.length) {
    await manager.query(`INSERT INTO ${table} (region_id, provider_id) SELECT $1, unnest($2::varchar[]) ON CONFLICT DO NOTHING`, [regionId, providerIds]);
  }
}

/** Adds one provider to the region (already there: nothing). */
export async function addRegionProvider(manager: EntityManager, table: RegionProviderTable, regionId: string, providerId: string): Promise<void> {
  await manager.query(`INSERT INTO ${table} (region_id, provider_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [regionId, providerId]);
}

/** Removes one provider from the region (absent: nothing). */
export async function removeRegionProvider(manager: EntityManager, table: RegionProviderTable, regionId: string, providerId: string): Promise<void> {
  await manager.query(`DELETE FROM ${table} WHERE region_id = $1 AND provider_id = $2`, [regionId, providerId]);
}

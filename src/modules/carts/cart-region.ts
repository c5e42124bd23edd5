import { EntityManager } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { Region } from '../regions/region.entity';

/**
 * What cart writes need of a region (countries for addresses, currency for prices), in
 * one query: a single relation set, so every cart write shares one prepared statement.
 */
const CART_REGION_RELATIONS = ['countries', 'currency'];

/** The live region with its countries and currency, or null. */
function findCartRegion(id: string, manager: EntityManager): Promise<Region | null> {
  return loadJsonTree(manager, Region, id, CART_REGION_RELATIONS);
}

/** The live region with its countries and currency; 404 with Medusa's message. */
export async function loadCartRegion(id: string, manager: EntityManager): Promise<Region> {
  const region = await findCartRegion(id, manager);
  if (!region) throw ApiError.notFound(`Region with id: ${id} was not found`);
  return region;
}

/** The region's country codes (lower-case iso_2). */
export function regionCountryCodes(region: Region): string[] {
  return (region.countries ?? []).map((c) => c.iso_2);
}

import { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { selectPrice } from '../products/price-selection';
import { ProductVariant } from '../products/product-variant.entity';
import { Region } from '../regions/region.entity';

/** A variant as line-item generation needs it: product and live prices loaded. */
export type PricedVariant = ProductVariant & { product: NonNullable<ProductVariant['product']> };

/** Loads a live variant with its product and live prices; 400 as Medusa v1 words it. */
export async function loadVariantForLine(variantId: string, manager: EntityManager): Promise<PricedVariant> {
  // One joined query (product is to-one, prices the only collection); `find`, not
  // `findOne`: no DISTINCT paging query.
  const [variant] = await manager.getRepository(ProductVariant).find({
    where: { id: variantId },
    relations: { product: true, prices: true },
    relationLoadStrategy: 'join',
  });
  if (!variant || !variant.product || variant.product.deleted_at) {
    throw ApiError.invalid(`Unable to generate the line items, some variant has not been found: ${variantId}`);
  }
  variant.prices = (variant.prices ?? []).filter((p) => !p.deleted_at);
  return variant as PricedVariant;
}

/** The unit price of `variant` in the region (region price or currency price, quantity tiers); 400 when it has none. */
export function unitPriceFor(variant: PricedVariant, region: Region, quantity: number): number {
  const { calculated_price } = selectPrice(variant.prices ?? [], { regionId: region.id, currencyCode: region.currency_code, quantity });
  if (calculated_price === null) throw ApiError.invalid(`Cannot generate line item for variant "${variant.title}" without a price`);
  return calculated_price;
}

/** Whether a region's prices include tax (the region's flag, else its currency's). */
export function regionPricesIncludeTax(region: Region): boolean {
  return region.includes_tax || !!region.currency?.includes_tax;
}

/**
 * Stock check for `quantity` units (the line's whole quantity after a merge or update):
 * passes for backorderable or unmanaged variants. 400 not_allowed, code insufficient_inventory.
 */
export function assertInventory(variant: ProductVariant, quantity: number, message?: string): void {
  if (!variant.manage_inventory || variant.allow_backorder) return;
  if (variant.inventory_quantity >= quantity) return;
  throw ApiError.notAllowed(message ?? `Variant with id: ${variant.id} does not have the required inventory`, 'insufficient_inventory');
}

/** Deep equality for JSON metadata (merging lines needs equal metadata). */
export function sameMetadata(a: unknown, b: unknown): boolean {
  return stableStringify(a ?? {}) === stableStringify(b ?? {});
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

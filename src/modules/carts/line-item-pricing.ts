import { EntityManager } from 'typeorm';
import { loadJsonTree, loadJsonTrees } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { PriceCandidate, selectPrice } from '../products/price-selection';
import { ProductVariant } from '../products/product-variant.entity';

/** A variant as line-item generation needs it: product and live prices loaded. */
export type PricedVariant = ProductVariant & { product: NonNullable<ProductVariant['product']> };

const VARIANT_FOR_LINE_RELATIONS = ['product', 'prices'];

/** What pricing and the stock check read of a variant (a loaded PricedVariant, or a plain row). */
export interface PricingVariant {
  id: string;
  title: string;
  manage_inventory: boolean;
  allow_backorder: boolean;
  inventory_quantity: number;
  prices?: PriceCandidate[] | null;
}

/** What pricing reads of a region (a loaded Region with its currency, or a plain row). */
export interface PricingRegion {
  id: string;
  currency_code: string;
  includes_tax: boolean;
  currency?: { includes_tax: boolean } | null;
}

/**
 * Loads a live variant with its product and live prices in one query (the JSON tree
 * loader: soft-deleted product or prices are left out); 400 as Medusa v1 words it.
 */
export async function loadVariantForLine(variantId: string, manager: EntityManager): Promise<PricedVariant> {
  const variant = await loadJsonTree(manager, ProductVariant, variantId, VARIANT_FOR_LINE_RELATIONS);
  if (!variant || !variant.product) {
    throw ApiError.invalid(`Unable to generate the line items, some variant has not been found: ${variantId}`);
  }
  return livePrices(variant as PricedVariant);
}

/** Live variants with product and live prices, keyed by id, in one query; missing ones are absent. */
export async function loadVariantsForLines(variantIds: readonly string[], manager: EntityManager): Promise<Map<string, PricedVariant>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const variants = await loadJsonTrees(manager, ProductVariant, ids, VARIANT_FOR_LINE_RELATIONS);
  return new Map(variants.filter((v) => v.product).map((v) => [v.id, livePrices(v as PricedVariant)]));
}

/**
 * Shoppers buy only published products (a draft, proposed or rejected one is 404 in the
 * store, so it is not for sale either); a draft order's cart, an admin's, may hold any
 * product, as in Medusa v1. 400 invalid_data naming the product otherwise.
 */
export function assertForSale(cart: { type?: string | null }, product: { title: string; status?: string | null }): void {
  if (cart.type === 'draft_order' || product.status === 'published') return;
  throw ApiError.invalid(`The product "${product.title}" is not published: it cannot be bought`);
}

/** Soft-deleted prices never price a line (the loader leaves them out already; this keeps the rule local). */
function livePrices(variant: PricedVariant): PricedVariant {
  variant.prices = (variant.prices ?? []).filter((p) => !p.deleted_at);
  return variant;
}

/** The unit price of `variant` in the region (region price or currency price, quantity tiers); 400 when it has none. */
export function unitPriceFor(variant: PricingVariant, region: PricingRegion, quantity: number): number {
  const { calculated_price } = selectPrice(variant.prices ?? [], { regionId: region.id, currencyCode: region.currency_code, quantity });
  if (calculated_price === null) throw ApiError.invalid(`Cannot generate line item for variant "${variant.title}" without a price`);
  return calculated_price;
}

/** Whether a region's prices include tax (the region's flag, else its currency's). */
export function regionPricesIncludeTax(region: PricingRegion): boolean {
  return region.includes_tax || !!region.currency?.includes_tax;
}

/**
 * Stock check for `quantity` units (the line's whole quantity after a merge or update):
 * passes for backorderable or unmanaged variants. 400 not_allowed, code insufficient_inventory.
 */
export function assertInventory(variant: PricingVariant, quantity: number, message?: string): void {
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

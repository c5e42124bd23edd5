import { Cart } from '../carts/cart.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import {
  ADMIN_PRODUCT_LIST,
  ADMIN_PRODUCT_TAG_LIST,
  ADMIN_PRODUCT_TYPE_LIST,
  ADMIN_VARIANT_LIST,
  STORE_PRODUCT_LIST,
  STORE_PRODUCT_TAG_LIST,
  STORE_PRODUCT_TYPE_LIST,
  STORE_VARIANT_LIST,
  withCategoryScope,
} from './product-lists';
import { AdminGetProductsParams, AdminGetProductTaxonomyParams, AdminGetVariantsParams } from './dto/admin-products.dto';
import { ProductTag, ProductType } from './product-taxonomy.entities';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { Region } from '../regions/region.entity';
import { TaxProviderRegistry } from '../taxes/tax-provider.registry';
import { regionPricesIncludeTax } from '../carts/line-item-pricing';
import { includedTaxOf, percentOf, roundHalfUp } from '../../common/money/rounding';
import { selectPrice } from './price-selection';
import { mostUsedTags, productInChannels } from './products.repository';
import { Product } from './product.entity';
import { ProductVariant } from './product-variant.entity';
import { StoreGetProductsParams, StoreGetVariantsParams } from './dto/store-products.dto';

export interface PricingContext {
  region_id?: string;
  currency_code?: string;
  cart_id?: string;
}

/** The tax figures Medusa adds to a priced variant (PricingService.calculateTaxes). */
interface VariantTaxes {
  original_price_incl_tax: number | null;
  calculated_price_incl_tax: number | null;
  original_tax: number | null;
  calculated_tax: number | null;
  tax_rates: Array<{ rate: number; name: string; code: string | null }> | null;
}

@Injectable()
export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly taxes: TaxProviderRegistry,
  ) {}

  /**
   * Published products for the storefront. Pages on product ids first, then loads the
   * requested relations for that page: to-one relations joined, one joined query per
   * to-many relation (no fan-out across collections, no quadratic relation matching).
   */
  async listPublished(filters: StoreGetProductsParams, config: FindConfig, keyScope?: string[]): Promise<[Product[], number]> {
    let relations = loadableRelations(config.relations);
    let channelFilter = filters.sales_channel_id;
    // A publishable key's channels (§7.3): the query's must be among them; without any, the key's; answered with sales_channels.
    if (keyScope?.length) {
      const outside = (channelFilter ?? []).filter((c) => !keyScope.includes(c));
      if (outside.length) {
        throw ApiError.multiple([
          `Provided sales channel id param: ${outside.join(', ')} is not associated with the Publishable API Key passed in the header of the request.`,
        ]);
      }
      channelFilter = channelFilter?.length ? channelFilter : keyScope;
      if (!relations.includes('sales_channels')) relations = [...relations, 'sales_channels'];
    }
    const [page, total] = await runList(
      this.dataSource.manager,
      STORE_PRODUCT_LIST,
      withCategoryScope({ ...filters, sales_channel_id: channelFilter }),
      config,
      {
        relations,
      },
    );
    return [page.map((p) => withInventoryItems(sortProductChildren(p), config.relations)), total];
  }

  async retrievePublished(id: string, config: FindConfig, keyScope?: string[]): Promise<Product> {
    const product = await loadJsonTree(this.dataSource.manager, Product, id, loadableRelations(config.relations));
    if (product?.status !== 'published') throw ApiError.notFound(`Product with id: ${id} was not found`);
    if (keyScope?.length) {
      if (!(await productInChannels(this.dataSource.manager, id, keyScope))) {
        throw ApiError.multiple([
          `Product with id: ${id} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
        ]);
      }
    }
    return withInventoryItems(sortProductChildren(product), config.relations);
  }

  // The admin's reads: every status, as Medusa v1's FilterableProductProps filters them.

  async listProducts(filters: AdminGetProductsParams, config: FindConfig): Promise<[Product[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_PRODUCT_LIST, withCategoryScope(filters), config);
    return [page.map(sortChildren), count];
  }

  async retrieveProduct(id: string, relations: readonly string[]): Promise<Product> {
    const product = await loadJsonTree(this.dataSource.manager, Product, id, relations);
    if (!product) throw ApiError.notFound(`Product with id: ${id} was not found`);
    return sortChildren(product);
  }

  /**
   * A page of variants with `config.relations`; with `region_id`, `currency_code` or
   * `cart_id`, each variant with loaded prices also gets Medusa's `original_price`,
   * `calculated_price` and `calculated_price_type` for that region or currency.
   */
  async listVariants(filters: AdminGetVariantsParams, config: FindConfig): Promise<[ProductVariant[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_VARIANT_LIST, { ...filters }, config);
    await this.priceAdminVariants(page, filters);
    return [page, count];
  }

  async retrieveVariant(id: string, relations: readonly string[]): Promise<ProductVariant> {
    const variant = await loadJsonTree(this.dataSource.manager, ProductVariant, id, relations);
    if (!variant) throw ApiError.notFound(`Variant with id: ${id} was not found`);
    return variant;
  }

  // The store's variant reads (§8.4): no status or channel filter, priced like products.

  async listStoreVariants(filters: StoreGetVariantsParams, config: FindConfig, keyScope?: string[]): Promise<ProductVariant[]> {
    assertChannelInScope(filters.sales_channel_id, keyScope);
    const ids = filters.ids
      ? filters.ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : filters.id;
    const [page] = await runList(this.dataSource.manager, STORE_VARIANT_LIST, { id: ids, title: filters.title }, config, {
      relations: config.relations.filter((r) => r !== 'inventory_items'),
    });
    await this.priceStoreVariants(page, filters, config.relations);
    return page;
  }

  async retrieveStoreVariant(
    id: string,
    ctx: PricingContext & { sales_channel_id?: string },
    config: FindConfig,
    keyScope?: string[],
  ): Promise<ProductVariant> {
    assertChannelInScope(ctx.sales_channel_id, keyScope);
    const variant = await loadJsonTree(
      this.dataSource.manager,
      ProductVariant,
      id,
      config.relations.filter((r) => r !== 'inventory_items'),
    );
    if (!variant) throw ApiError.notFound(`Variant with id: ${id} was not found`);
    if (keyScope?.length && !(await productInChannels(this.dataSource.manager, variant.product_id, keyScope))) {
      throw ApiError.multiple([
        `Variant with id: ${id} is not associated with sales channels defined by the Publishable API Key passed in the header of the request.`,
      ]);
    }
    await this.priceStoreVariants([variant], ctx, config.relations);
    return variant;
  }

  /** Prices variants as their products would be (decorateWithPrices), grouped under their product for its tax rates. */
  private async priceStoreVariants(variants: ProductVariant[], ctx: PricingContext, relations: readonly string[]): Promise<void> {
    if (relations.includes('inventory_items')) for (const v of variants) Object.assign(v, { inventory_items: [] });
    if (!relations.includes('prices')) return;
    const byProduct = new Map<string, Product>();
    for (const variant of variants) {
      const product =
        byProduct.get(variant.product_id) ?? ({ id: variant.product_id, type_id: variant.product?.type_id ?? null, variants: [] } as unknown as Product);
      product.variants!.push(variant);
      byProduct.set(variant.product_id, product);
    }
    await this.decorateWithPrices([...byProduct.values()], ctx);
  }

  listStoreTags(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductTag[], number]> {
    return runList(this.dataSource.manager, STORE_PRODUCT_TAG_LIST, { ...filters }, config);
  }

  listStoreTypes(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductType[], number]> {
    return runList(this.dataSource.manager, STORE_PRODUCT_TYPE_LIST, { ...filters }, config);
  }

  /** `GET /admin/products/types`: every live type, unused ones too, no paging (as Medusa). */
  allTypes(): Promise<ProductType[]> {
    return this.dataSource.getRepository(ProductType).find({ order: { created_at: 'ASC', id: 'ASC' } });
  }

  /** `GET /admin/products/tag-usage`: the 10 most used tags (deleted products count, as Medusa), the count as a string. */
  tagUsage(): Promise<Array<{ id: string; usage_count: string; value: string }>> {
    return mostUsedTags(this.dataSource.manager, 10);
  }

  listTags(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductTag[], number]> {
    return runList(this.dataSource.manager, ADMIN_PRODUCT_TAG_LIST, { ...filters }, config);
  }

  listTypes(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductType[], number]> {
    return runList(this.dataSource.manager, ADMIN_PRODUCT_TYPE_LIST, { ...filters }, config);
  }

  /**
   * Medusa's admin variant pricing: every variant with loaded prices gets the price fields,
   * null without a region, currency or cart to price for; with a region also the region's
   * tax on them (`tax_rates`, `*_tax`, `*_incl_tax`; prices here never include tax).
   */
  private async priceAdminVariants(variants: ProductVariant[], ctx: AdminGetVariantsParams): Promise<void> {
    let regionId = ctx.region_id;
    let currencyCode = ctx.currency_code?.toLowerCase();
    if (ctx.cart_id) {
      const cart = await this.dataSource.getRepository(Cart).findOne({ where: { id: ctx.cart_id }, select: { id: true, region_id: true } });
      if (!cart) throw ApiError.notFound(`Cart with ${ctx.cart_id} was not found`);
      regionId = cart.region_id;
    }
    let taxRate: number | null = null;
    if (regionId) {
      const region = await this.dataSource
        .getRepository(Region)
        .findOne({ where: { id: regionId }, select: { id: true, currency_code: true, tax_rate: true } });
      if (!region) throw ApiError.notFound(`Region with ${regionId} was not found`);
      currencyCode = region.currency_code;
      taxRate = region.tax_rate;
    }
    for (const variant of variants) {
      if (!variant.prices) continue;
      const selected = regionId || currencyCode ? selectPrice(variant.prices, { regionId, currencyCode }) : { calculated_price: null, original_price: null };
      const tax = (price: number | null) => (price === null || taxRate === null ? null : Math.round((price * taxRate) / 100));
      const withTax = (price: number | null) => (price === null || taxRate === null ? null : price + tax(price)!);
      Object.assign(variant, {
        ...selected,
        original_price_incl_tax: withTax(selected.original_price),
        calculated_price_incl_tax: withTax(selected.calculated_price),
        original_tax: tax(selected.original_price),
        calculated_tax: tax(selected.calculated_price),
        tax_rates: taxRate === null ? null : [{ rate: taxRate, name: 'default', code: 'default' }],
      });
    }
  }

  /**
   * Prices each loaded variant the way Medusa v1's storefront pricing does
   * (PricingService.setProductPrices), whenever its prices were loaded:
   * - `calculated_price`, `original_price` (and `calculated_price_type`) for the region
   *   (`region_id`, or the cart's) or the currency asked for; null without either;
   * - with a region that has automatic taxes on: `calculated_tax`, `original_tax`,
   *   `calculated_price_incl_tax`, `original_price_incl_tax` and the `tax_rates` applied
   *   (a tax-inclusive region's prices already hold their tax); null otherwise;
   * - with a region or a currency, `prices` holds only the prices in that currency or for
   *   that region.
   */
  async decorateWithPrices(products: Product[], ctx: PricingContext, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const priced = products.filter((p) => p.variants?.some((v) => v.prices));
    if (priced.length === 0) return;
    // Medusa loads each price with its price list (null here: this service has no price lists).
    for (const variant of priced.flatMap((p) => p.variants ?? [])) for (const price of variant.prices ?? []) Object.assign(price, { price_list: null });
    let regionId = ctx.region_id;
    let currencyCode = ctx.currency_code?.toLowerCase();
    if (ctx.cart_id && !regionId) {
      const cart = await manager
        .getRepository(Cart)
        .findOne({ where: { id: ctx.cart_id }, select: { id: true, region_id: true } })
        .catch(() => null);
      regionId = cart?.region_id ?? undefined;
    }
    let region: Region | null = null;
    if (regionId) {
      region = await manager.getRepository(Region).findOne({ where: { id: regionId }, relations: { currency: true } });
      if (!region) throw ApiError.notFound(`Region with ${regionId} was not found`);
      currencyCode = region.currency_code;
    }
    const ratesByProduct = region?.automatic_taxes ? await this.productTaxRates(priced, region, manager) : undefined;
    const inclusive = region ? regionPricesIncludeTax(region) : false;
    for (const product of priced) {
      const rates = ratesByProduct?.get(product.id) ?? null;
      for (const variant of product.variants ?? []) {
        if (!variant.prices) continue;
        const selected = regionId || currencyCode ? selectPrice(variant.prices, { regionId, currencyCode }) : undefined;
        const calculated = selected?.calculated_price ?? null;
        const original = selected?.original_price ?? null;
        if (regionId || currencyCode)
          variant.prices = variant.prices.filter((p) => p.currency_code === currencyCode || (regionId !== undefined && p.region_id === regionId));
        Object.assign(variant as ProductVariant & Record<string, unknown>, {
          original_price: original,
          calculated_price: calculated,
          ...(selected?.calculated_price_type ? { calculated_price_type: selected.calculated_price_type } : {}),
          ...variantTaxes(calculated, original, rates, inclusive),
        });
      }
    }
  }

  /** The tax rates of each product in the region, from the region's tax provider (as a line of the product would get them). */
  private async productTaxRates(products: Product[], region: Region, _manager: EntityManager): Promise<Map<string, VariantTaxes['tax_rates']>> {
    const provider = this.taxes.forRegion(region.tax_provider_id);
    const lines = await provider.getTaxLines(
      products.map((p) => ({ id: p.id, product_id: p.id, product_type_id: p.type_id })),
      [],
      {
        region: { id: region.id, tax_rate: region.tax_rate, tax_code: region.tax_code, tax_provider_id: region.tax_provider_id },
        shipping_country_code: null,
        customer_id: null,
      },
    );
    return new Map(products.map((p) => [p.id, (lines.items[p.id] ?? []).map((l) => ({ rate: l.rate, name: l.name, code: l.code }))]));
  }
}

/** A `sales_channel_id` sent with a publishable key must be one of the key's channels (§7.3). */
function assertChannelInScope(channelId: string | undefined, keyScope: string[] | undefined): void {
  if (channelId && keyScope?.length && !keyScope.includes(channelId)) {
    throw ApiError.multiple([
      `Provided sales channel id param: ${channelId} is not associated with the Publishable API Key passed in the header of the request.`,
    ]);
  }
}

/** Medusa's calculateTaxes: the tax on each price at the summed rates, and the price with it (null without rates, i.e. no automatic taxes). */
function variantTaxes(calculated: number | null, original: number | null, rates: VariantTaxes['tax_rates'], inclusive: boolean): VariantTaxes {
  if (!rates) return { original_price_incl_tax: null, calculated_price_incl_tax: null, original_tax: null, calculated_tax: null, tax_rates: null };
  const ratePercent = rates.reduce((sum, r) => sum + (r.rate || 0), 0);
  const taxOf = (price: number) => roundHalfUp(inclusive ? includedTaxOf(price, ratePercent) : percentOf(price, ratePercent));
  const withTax = (price: number | null) => (price === null ? null : inclusive ? price : price + taxOf(price));
  return {
    original_tax: original === null ? null : taxOf(original),
    calculated_tax: calculated === null ? null : taxOf(calculated),
    original_price_incl_tax: withTax(original),
    calculated_price_incl_tax: withTax(calculated),
    tax_rates: rates,
  };
}

/**
 * Medusa 1.20 lets a storefront expand `variants.inventory_items`; without its inventory
 * module (as here: stock is the variant's own count) each variant answers an empty list
 * (seen on a real 1.20.10). The relations the loader can read, and the variants they need.
 */
const INVENTORY_ITEMS = 'variants.inventory_items';
function loadableRelations(relations: readonly string[]): string[] {
  if (!relations.includes(INVENTORY_ITEMS)) return [...relations];
  return [...new Set([...relations.filter((r) => r !== INVENTORY_ITEMS), 'variants'])];
}

function withInventoryItems(product: Product, relations: readonly string[]): Product {
  if (relations.includes(INVENTORY_ITEMS)) for (const variant of product.variants ?? []) Object.assign(variant, { inventory_items: [] });
  return product;
}

/**
 * Whether Medusa prices the variants of an answer (list-products.ts, shouldSetPricing): only
 * when both `variants` and `variants.prices` are loaded; `expand=variants.prices` alone
 * answers the stored prices without calculated ones.
 */
export function shouldSetPricing(relations: readonly string[]): boolean {
  return relations.includes('variants') && relations.includes('variants.prices');
}

/**
 * A store product as Medusa 1.20 answers it: `profile_id` is not a column there but set from
 * the `profiles` relation when that is loaded, so it is absent without it.
 */
function withStoreProfile(product: Product): Product {
  if (product.profiles === undefined) delete (product as Partial<Product>).profile_id;
  return product;
}

/** Relations loaded by the JSON tree come back in no defined order: make them stable. */
function sortChildren(product: Product): Product {
  // A product answer shows the variants' base prices: a price list's prices are the list's
  // (Medusa's admin pricing replaces `prices` with the base prices; the store's are chosen per context).
  for (const variant of product.variants ?? []) if (variant.prices) variant.prices = variant.prices.filter((p) => !p.price_list_id);
  product.variants?.sort((a, b) => a.variant_rank - b.variant_rank || a.id.localeCompare(b.id));
  product.options?.sort((a, b) => a.id.localeCompare(b.id));
  return product;
}

/** A product as the store answers it: children in a stable order, only visible categories. */
function sortProductChildren(product: Product): Product {
  withStoreProfile(product);
  sortChildren(product);
  // A shopper sees only active, public categories (Medusa's defaultStoreCategoryScope).
  if (product.categories) {
    product.categories = product.categories.filter((c) => c.is_active && !c.is_internal);
    // The tree's internal path is not part of a category answer (Medusa 1.20 never selects it).
    for (const category of product.categories) delete (category as Partial<typeof category>).mpath;
  }
  return product;
}

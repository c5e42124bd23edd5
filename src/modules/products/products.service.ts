import { Cart } from '../carts/cart.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { dateOperator, escapeLike, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { liveRowCount } from '../../common/database/live-row-count';
import { storeCategoryFilterSql } from '../product-categories/product-categories.repository';
import { Region } from '../regions/region.entity';
import { TaxProviderRegistry } from '../taxes/tax-provider.registry';
import { regionPricesIncludeTax } from '../carts/line-item-pricing';
import { includedTaxOf, percentOf, roundHalfUp } from '../../common/money/rounding';
import { selectPrice } from './price-selection';
import { Product } from './product.entity';
import { ProductVariant } from './product-variant.entity';
import { StoreGetProductsParams } from './dto/store-products.dto';

export interface PricingContext {
  region_id?: string;
  currency_code?: string;
  cart_id?: string;
}

/** Orders Medusa's store product list accepts on the variants (allowedStoreProductsFields). */
export const VARIANT_ORDERS = ['variants.title', 'variants.prices.amount'] as const;

/**
 * A product ordered by its variants, as Medusa's (TypeORM's DISTINCT-paged) query orders
 * it: ascending by the smallest value among its variants, descending by the largest;
 * products without any come last ascending, first descending (PostgreSQL's NULLs).
 */
function variantOrderSql(key: (typeof VARIANT_ORDERS)[number], direction: 'ASC' | 'DESC', alias: string): string {
  const agg = direction === 'ASC' ? 'MIN' : 'MAX';
  if (key === 'variants.title') {
    return `(SELECT ${agg}(ov.title) FROM product_variant ov WHERE ov.product_id = ${alias}.id AND ov.deleted_at IS NULL)`;
  }
  return `(SELECT ${agg}(oma.amount) FROM product_variant ov JOIN money_amount oma ON oma.variant_id = ov.id AND oma.deleted_at IS NULL
            WHERE ov.product_id = ${alias}.id AND ov.deleted_at IS NULL)`;
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
  async listPublished(filters: StoreGetProductsParams, config: FindConfig): Promise<[Product[], number]> {
    const qb = this.dataSource.getRepository(Product).createQueryBuilder('product').where("product.status = 'published'");
    if (filters.id?.length) qb.andWhere('product.id IN (:...ids)', { ids: filters.id });
    if (filters.collection_id?.length) qb.andWhere('product.collection_id IN (:...cids)', { cids: filters.collection_id });
    if (filters.category_id?.length) {
      qb.andWhere(storeCategoryFilterSql('product', filters.include_category_children === true), { categoryIds: filters.category_id });
    }
    if (filters.type_id?.length) qb.andWhere('product.type_id IN (:...tids)', { tids: filters.type_id });
    if (filters.handle !== undefined) qb.andWhere('product.handle = :handle', { handle: filters.handle });
    if (filters.title !== undefined) qb.andWhere('product.title = :title', { title: filters.title });
    if (filters.description !== undefined) qb.andWhere('product.description = :description', { description: filters.description });
    if (filters.is_giftcard !== undefined) qb.andWhere('product.is_giftcard = :gc', { gc: filters.is_giftcard });
    if (filters.tags?.length) {
      qb.andWhere('EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = product.id AND pt.product_tag_id IN (:...tagIds))', { tagIds: filters.tags });
    }
    if (filters.sales_channel_id?.length) {
      qb.andWhere('EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = product.id AND psc.sales_channel_id IN (:...scIds))', {
        scIds: filters.sales_channel_id,
      });
    }
    for (const column of ['created_at', 'updated_at'] as const) {
      const op = filters[column] ? dateOperator(filters[column]) : undefined;
      if (op) qb.andWhere({ [column]: op });
    }
    if (filters.q) {
      // Medusa's free-text search: the product's title and description, its variants' titles and SKUs, its collection's title.
      // The matches of each column, united (each a trigram index scan), rather than the same
      // conditions OR-ed: OR-ed with the variants' and collections' EXISTS, PostgreSQL can only
      // test every product in turn (at 50 000 products: 2 174 buffers against 335). The
      // collections' ids as an array: joined, PostgreSQL expects 1 000 products per matching
      // collection and may read every product instead.
      qb.andWhere(
        `product.id IN (
          SELECT qp.id FROM product qp WHERE qp.title ILIKE :q OR qp.description ILIKE :q
          UNION ALL SELECT qv.product_id FROM product_variant qv WHERE qv.deleted_at IS NULL AND (qv.title ILIKE :q OR qv.sku ILIKE :q)
          UNION ALL SELECT qcp.id FROM product qcp
            WHERE qcp.collection_id = ANY (ARRAY(SELECT qc.id FROM product_collection qc WHERE qc.deleted_at IS NULL AND qc.title ILIKE :q)))`,
        { q: `%${escapeLike(filters.q)}%` },
      );
    }
    const order: FindConfig['order'] = {};
    for (const [key, direction] of Object.entries(config.order)) {
      if ((VARIANT_ORDERS as readonly string[]).includes(key))
        qb.addOrderBy(variantOrderSql(key as (typeof VARIANT_ORDERS)[number], direction, 'product'), direction);
      else order[key] = direction;
    }
    order.id = order.id ?? 'ASC';
    // Unfiltered (the only condition is the status): the database's tally of published products, not a count of the table.
    const count = qb.expressionMap.wheres.length === 1 ? () => liveRowCount(this.dataSource.manager, 'product:published') : undefined;
    const [page, total] = await listPage(this.dataSource.getRepository(Product), {
      query: qb,
      config,
      order,
      relations: loadableRelations(config.relations),
      relationLoad: 'json-tree',
      count,
    });
    return [page.map((p) => withInventoryItems(sortProductChildren(p), config.relations)), total];
  }

  async retrievePublished(id: string, config: FindConfig): Promise<Product> {
    const product = await loadJsonTree(this.dataSource.manager, Product, id, loadableRelations(config.relations));
    if (product?.status !== 'published') throw ApiError.notFound(`Product with id: ${id} was not found`);
    return withInventoryItems(sortProductChildren(product), config.relations);
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

/** Relations loaded by separate queries come back in no defined order: make it stable. */
function sortProductChildren(product: Product): Product {
  withStoreProfile(product);
  product.variants?.sort((a, b) => a.variant_rank - b.variant_rank || a.id.localeCompare(b.id));
  product.options?.sort((a, b) => a.id.localeCompare(b.id));
  // A shopper sees only active, public categories (Medusa's defaultStoreCategoryScope).
  if (product.categories) {
    product.categories = product.categories.filter((c) => c.is_active && !c.is_internal);
    // The tree's internal path is not part of a category answer (Medusa 1.20 never selects it).
    for (const category of product.categories) delete (category as Partial<typeof category>).mpath;
  }
  return product;
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { ADMIN_PRODUCT_LIST, ADMIN_PRODUCT_TAG_LIST, ADMIN_PRODUCT_TYPE_LIST, ADMIN_VARIANT_LIST, withCategoryScope } from './product-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { Cart } from '../carts/cart.entity';
import { Region } from '../regions/region.entity';
import { AdminGetProductsParams, AdminGetProductTaxonomyParams, AdminGetVariantsParams } from './dto/admin-products.dto';
import { selectPrice } from './price-selection';
import { Product } from './product.entity';
import { ProductTag, ProductType } from './product-taxonomy.entities';
import { ProductVariant } from './product-variant.entity';

/**
 * The admin's reads of the catalogue (`GET /admin/products`, `/admin/variants`,
 * `/admin/product-tags`, `/admin/product-types`): every product whatever its status,
 * filtered as Medusa v1's FilterableProductProps. Each list is a page statement, a count
 * (or `COUNT(*) OVER ()` with `q`) and one JSON-tree statement for the page's relations.
 */
@Injectable()
export class AdminProductsQuery {
  constructor(private readonly dataSource: DataSource) {}

  async listProducts(filters: AdminGetProductsParams, config: FindConfig): Promise<[Product[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_PRODUCT_LIST, withCategoryScope(filters), config);
    return [page.map(sortProductChildren), count];
  }

  async retrieveProduct(id: string, relations: readonly string[]): Promise<Product> {
    const product = await loadJsonTree(this.dataSource.manager, Product, id, relations);
    if (!product) throw ApiError.notFound(`Product with id: ${id} was not found`);
    return sortProductChildren(product);
  }

  /**
   * A page of variants with `config.relations`; with `region_id`, `currency_code` or
   * `cart_id`, each variant with loaded prices also gets Medusa's `original_price`,
   * `calculated_price` and `calculated_price_type` for that region or currency.
   */
  async listVariants(filters: AdminGetVariantsParams, config: FindConfig): Promise<[ProductVariant[], number]> {
    const [page, count] = await runList(this.dataSource.manager, ADMIN_VARIANT_LIST, { ...filters }, config);
    await this.price(page, filters);
    return [page, count];
  }

  async retrieveVariant(id: string, relations: readonly string[]): Promise<ProductVariant> {
    const variant = await loadJsonTree(this.dataSource.manager, ProductVariant, id, relations);
    if (!variant) throw ApiError.notFound(`Variant with id: ${id} was not found`);
    return variant;
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
  private async price(variants: ProductVariant[], ctx: AdminGetVariantsParams): Promise<void> {
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
}

/** Relations loaded by the JSON tree come back in no defined order: make them stable. */
function sortProductChildren(product: Product): Product {
  product.variants?.sort((a, b) => a.variant_rank - b.variant_rank || a.id.localeCompare(b.id));
  product.options?.sort((a, b) => a.id.localeCompare(b.id));
  return product;
}

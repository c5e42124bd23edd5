import { Injectable } from '@nestjs/common';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { ApiError } from '../../common/errors/api-error';
import { liveRowCount } from '../../common/database/live-row-count';
import { buildWhere, dateOperator, escapeLike, listPage, withSearch } from '../../common/query/list-query';
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
    const qb = this.dataSource.getRepository(Product).createQueryBuilder('product');
    const inList = (column: string, values: string[] | undefined, name: string) => {
      if (values?.length) qb.andWhere(`product.${column} IN (:...${name})`, { [name]: values });
    };
    inList('id', filters.id, 'ids');
    inList('status', filters.status, 'statuses');
    inList('collection_id', filters.collection_id, 'collectionIds');
    inList('type_id', filters.type_id, 'typeIds');
    // No price lists here: no product is in one.
    if (filters.price_list_id?.length) qb.andWhere('false');
    for (const column of ['title', 'description', 'handle'] as const) {
      if (filters[column] !== undefined) qb.andWhere(`product.${column} = :${column}`, { [column]: filters[column] });
    }
    if (filters.is_giftcard !== undefined) qb.andWhere('product.is_giftcard = :isGiftcard', { isGiftcard: filters.is_giftcard });
    if (filters.tags?.length) {
      qb.andWhere('EXISTS (SELECT 1 FROM product_tags pt WHERE pt.product_id = product.id AND pt.product_tag_id IN (:...tagIds))', { tagIds: filters.tags });
    }
    if (filters.sales_channel_id?.length) {
      qb.andWhere('EXISTS (SELECT 1 FROM product_sales_channel psc WHERE psc.product_id = product.id AND psc.sales_channel_id IN (:...scIds))', {
        scIds: filters.sales_channel_id,
      });
    }
    if (filters.discount_condition_id !== undefined) {
      qb.andWhere('EXISTS (SELECT 1 FROM discount_condition_product dcp WHERE dcp.product_id = product.id AND dcp.condition_id = :conditionId)', {
        conditionId: filters.discount_condition_id,
      });
    }
    if (filters.category_id?.length) {
      const inCategories = filters.include_category_children
        ? `EXISTS (SELECT 1 FROM product_category root WHERE root.id IN (:...categoryIds)
             AND pc.mpath LIKE replace(replace(replace(root.mpath, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`
        : 'pc.id IN (:...categoryIds)';
      qb.andWhere(
        `EXISTS (SELECT 1 FROM product_category_product pcp JOIN product_category pc ON pc.id = pcp.product_category_id
          WHERE pcp.product_id = product.id AND ${inCategories})`,
        { categoryIds: filters.category_id },
      );
    }
    dateFilters(qb, filters);
    if (filters.q) {
      // Medusa's columns: the product's title and description, its variants' title and SKU, its collection's title.
      // United matches of each column, as the store's search (ProductsService.listPublished) says why.
      // The collections' ids as an array: joined, PostgreSQL expects 1 000 products per matching
      // collection and reads every product instead (1 431 buffers against 335).
      qb.andWhere(
        `product.id IN (
          SELECT qp.id FROM product qp WHERE qp.title ILIKE :q OR qp.description ILIKE :q
          UNION ALL SELECT v.product_id FROM product_variant v WHERE v.deleted_at IS NULL AND (v.title ILIKE :q OR v.sku ILIKE :q)
          UNION ALL SELECT cp.id FROM product cp WHERE cp.collection_id = ANY (ARRAY(SELECT c.id FROM product_collection c WHERE c.title ILIKE :q)))`,
        { q: `%${escapeLike(filters.q)}%` },
      );
    }
    if (filters.deleted_at) qb.withDeleted();
    const order = { ...config.order, id: config.order.id ?? 'ASC' };
    // Unfiltered: the database's tally of live products, not a count of the table.
    const unfiltered = qb.expressionMap.wheres.length === 0 && !filters.deleted_at;
    const [page, count] = await listPage(this.dataSource.getRepository(Product), {
      query: qb,
      config,
      order,
      relationLoad: 'json-tree',
      count: unfiltered ? () => liveRowCount(this.dataSource.manager, 'product') : filters.q ? 'window' : 'separate',
    });
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
    const qb = this.dataSource.getRepository(ProductVariant).createQueryBuilder('variant');
    if (filters.id?.length) qb.andWhere('variant.id IN (:...ids)', { ids: filters.id });
    if (filters.title?.length) qb.andWhere('variant.title IN (:...titles)', { titles: filters.title });
    if (filters.manage_inventory !== undefined) qb.andWhere('variant.manage_inventory = :mi', { mi: filters.manage_inventory });
    if (filters.allow_backorder !== undefined) qb.andWhere('variant.allow_backorder = :ab', { ab: filters.allow_backorder });
    if (filters.q) {
      // Medusa's columns: the variant's title and SKU, its product's title.
      qb.andWhere(
        `(variant.title ILIKE :q OR variant.sku ILIKE :q
          OR EXISTS (SELECT 1 FROM product p WHERE p.id = variant.product_id AND p.deleted_at IS NULL AND p.title ILIKE :q))`,
        { q: `%${escapeLike(filters.q)}%` },
      );
    }
    const order = { ...config.order, id: config.order.id ?? 'ASC' };
    const [page, count] = await listPage(this.dataSource.getRepository(ProductVariant), {
      query: qb,
      config,
      order,
      relationLoad: 'json-tree',
      count: filters.q ? 'window' : 'separate',
    });
    await this.price(page, filters);
    return [page, count];
  }

  async retrieveVariant(id: string, relations: readonly string[]): Promise<ProductVariant> {
    const variant = await loadJsonTree(this.dataSource.manager, ProductVariant, id, relations);
    if (!variant) throw ApiError.notFound(`Variant with id: ${id} was not found`);
    return variant;
  }

  listTags(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductTag[], number]> {
    return this.listTaxonomy(ProductTag, 'discount_condition_product_tag', 'product_tag_id', filters, config);
  }

  listTypes(filters: AdminGetProductTaxonomyParams, config: FindConfig): Promise<[ProductType[], number]> {
    return this.listTaxonomy(ProductType, 'discount_condition_product_type', 'product_type_id', filters, config);
  }

  private listTaxonomy<T extends ProductTag | ProductType>(
    entity: new () => T,
    conditionTable: string,
    conditionColumn: string,
    filters: AdminGetProductTaxonomyParams,
    config: FindConfig,
  ): Promise<[T[], number]> {
    const repo = this.dataSource.getRepository<T>(entity);
    const where = buildWhere<T>({ id: filters.id, value: filters.value, created_at: filters.created_at, updated_at: filters.updated_at });
    const order = { ...config.order, id: config.order.id ?? 'ASC' };
    if (filters.discount_condition_id === undefined) {
      return listPage(repo, { where: withSearch(where, filters.q, ['value']), config, order, relations: [] });
    }
    const qb = repo.createQueryBuilder('t').where(where);
    qb.andWhere(`EXISTS (SELECT 1 FROM ${conditionTable} dc WHERE dc.${conditionColumn} = t.id AND dc.condition_id = :conditionId)`, {
      conditionId: filters.discount_condition_id,
    });
    if (filters.q) qb.andWhere('t.value ILIKE :q', { q: `%${escapeLike(filters.q)}%` });
    return listPage(repo, { query: qb, config, order, relations: [] });
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

function dateFilters(qb: SelectQueryBuilder<Product>, filters: AdminGetProductsParams): void {
  for (const column of ['created_at', 'updated_at', 'deleted_at'] as const) {
    const op = filters[column] ? dateOperator(filters[column]) : undefined;
    if (op) qb.andWhere({ [column]: op });
  }
}

/** Relations loaded by the JSON tree come back in no defined order: make them stable. */
function sortProductChildren(product: Product): Product {
  product.variants?.sort((a, b) => a.variant_rank - b.variant_rank || a.id.localeCompare(b.id));
  product.options?.sort((a, b) => a.id.localeCompare(b.id));
  return product;
}

import { Cart } from '../carts/cart.entity';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { applySearch, dateOperator, listPage } from '../../common/query/list-query';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { loadJsonTree } from '../../common/database/json-tree-loader';
import { storeCategoryFilterSql } from '../product-categories/product-categories.repository';
import { Region } from '../regions/region.entity';
import { selectPrice } from './price-selection';
import { Product } from './product.entity';
import { ProductVariant } from './product-variant.entity';
import { StoreGetProductsParams } from './dto/store-products.dto';

export interface PricingContext {
  region_id?: string;
  currency_code?: string;
  cart_id?: string;
}

@Injectable()
export class ProductsService {
  constructor(private readonly dataSource: DataSource) {}

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
    applySearch(qb, filters.q, ['product.title', 'product.description', 'product.handle', 'product.subtitle']);
    const order = { ...config.order, id: config.order.id ?? 'ASC' };
    const [page, count] = await listPage(this.dataSource.getRepository(Product), { query: qb, config, order, relationLoad: 'json-tree' });
    return [config.relations.length === 0 ? page : page.map(sortProductChildren), count];
  }

  async retrievePublished(id: string, config: FindConfig): Promise<Product> {
    const product = await loadJsonTree(this.dataSource.manager, Product, id, config.relations);
    if (product?.status !== 'published') throw ApiError.notFound(`Product with id: ${id} was not found`);
    return sortProductChildren(product);
  }

  /**
   * Adds `calculated_price` (and `original_price`) to each loaded variant for the region
   * or currency asked for, the way Medusa's storefront pricing does.
   */
  async decorateWithPrices(products: Product[], ctx: PricingContext, manager: EntityManager = this.dataSource.manager): Promise<void> {
    let regionId = ctx.region_id;
    let currencyCode = ctx.currency_code?.toLowerCase();
    if (ctx.cart_id && !regionId) {
      const cart = await manager
        .getRepository(Cart)
        .findOne({ where: { id: ctx.cart_id }, select: { id: true, region_id: true } })
        .catch(() => null);
      regionId = cart?.region_id ?? undefined;
    }
    if (!regionId && !currencyCode) return;
    if (regionId) {
      const region = await manager.getRepository(Region).findOne({ where: { id: regionId } });
      if (!region) throw ApiError.notFound(`Region with id: ${regionId} was not found`);
      currencyCode = region.currency_code;
    }
    for (const product of products) {
      for (const variant of product.variants ?? []) {
        if (!variant.prices) continue;
        Object.assign(variant as ProductVariant & Record<string, unknown>, selectPrice(variant.prices, { regionId, currencyCode }));
      }
    }
  }
}

/** Relations loaded by separate queries come back in no defined order: make it stable. */
function sortProductChildren(product: Product): Product {
  product.variants?.sort((a, b) => a.variant_rank - b.variant_rank || a.id.localeCompare(b.id));
  product.options?.sort((a, b) => a.id.localeCompare(b.id));
  return product;
}

import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { CachedCatalogueResponse, CatalogueCacheOptions } from '../catalogue-cache/catalogue-cache.interceptor';
import { StoreGetProductsParams, StoreGetProductsProductParams } from './dto/store-products.dto';
import { Product } from './product.entity';
import { ProductsService, shouldSetPricing, VARIANT_ORDERS } from './products.service';

/**
 * Medusa v1.20's store product relations (defaultStoreProductsRelations, and
 * allowedStoreProductsRelations with its product-categories flag on): `profile` is refused
 * there (400, seen on a real 1.20.10); `variants.inventory_items` is always empty here (no inventory module).
 */
const DEFAULT_RELATIONS = ['variants', 'variants.prices', 'variants.options', 'options', 'options.values', 'images', 'tags', 'collection', 'type', 'profiles'];
/** The allowed relations read from tables (what the catalogue cache must watch). */
export const ALLOWED_RELATIONS = [...DEFAULT_RELATIONS, 'sales_channels', 'categories'];
const ALLOWED_EXPAND = [...ALLOWED_RELATIONS, 'variants.inventory_items'];
/**
 * What `order` accepts, as Medusa's allowedStoreProductsFields: the product's columns and
 * its variants' title or prices (VARIANT_ORDERS).
 */
const ALLOWED_ORDER = [
  'id',
  'title',
  'subtitle',
  'status',
  'external_id',
  'description',
  'handle',
  'is_giftcard',
  'discountable',
  'thumbnail',
  'collection_id',
  'type_id',
  'weight',
  'length',
  'height',
  'width',
  'hs_code',
  'origin_country',
  'mid_code',
  'material',
  'created_at',
  'updated_at',
  'deleted_at',
  'metadata',
  'profile_id',
  ...VARIANT_ORDERS,
];
const PRICE_FIELDS = ['variants'];
// Prices depend on the query's region_id/currency_code (part of the URL), or on the cart's
// region for cart_id: a cart can change region, so those requests always go to the database.
const CACHE: CatalogueCacheOptions = { scope: 'products', bypassQuery: ['cart_id'], answerBeforeGuards: true };

@ApiTags('Products')
@StoreController('products')
export class StoreProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Products' })
  @QueryConfig({
    entity: Product,
    defaultLimit: 100,
    maxLimit: 1000,
    defaultRelations: DEFAULT_RELATIONS,
    allowedRelations: ALLOWED_EXPAND,
    allowedOrder: ALLOWED_ORDER,
    computedFields: PRICE_FIELDS,
    isList: true,
  })
  @CachedCatalogueResponse(CACHE)
  @MedusaResponse('StoreProductsListRes')
  async list(@Query() query: StoreGetProductsParams, @FindParams() config: FindConfig) {
    const [products, count] = await this.products.listPublished(query, config);
    if (shouldSetPricing(config.relations)) await this.products.decorateWithPrices(products, query);
    return listEnvelope('products', products, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product' })
  @QueryConfig({ entity: Product, defaultRelations: DEFAULT_RELATIONS, allowedRelations: ALLOWED_EXPAND, computedFields: PRICE_FIELDS })
  @CachedCatalogueResponse(CACHE)
  @MedusaResponse('StoreProductsRes')
  async retrieve(@Param('id') id: string, @Query() query: StoreGetProductsProductParams, @FindParams() config: FindConfig) {
    const product = await this.products.retrievePublished(id, config);
    if (shouldSetPricing(config.relations)) await this.products.decorateWithPrices([product], query);
    return { product };
  }
}

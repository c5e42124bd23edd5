import { Get, Headers, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { CachedCatalogueResponse, CatalogueCacheOptions } from '../catalogue-cache/catalogue-cache.interceptor';
import { StoreGetProductsParams, StoreGetProductsProductParams } from './dto/store-products.dto';
import { Product } from './product.entity';
import { ProductsService, shouldSetPricing } from './products.service';
import { PublishableApiKeysService } from '../publishable-api-keys/publishable-api-keys.service';
import { PRICE_FIELDS, STORE_PRODUCT_ALLOWED_EXPAND, STORE_PRODUCT_LIST, STORE_PRODUCT_RELATIONS } from './product-lists';

/** The allowed relations read from tables (what the catalogue cache must watch). */
export { STORE_PRODUCT_ALLOWED_RELATIONS as ALLOWED_RELATIONS } from './product-lists';
// Prices depend on the query's region_id/currency_code (part of the URL), or on the cart's
// region for cart_id: a cart can change region, so those requests always go to the database.
/** Medusa's header scoping the store's products to a publishable key's sales channels (the cache keys on it too). */
const PUBLISHABLE_KEY_HEADER = 'x-publishable-api-key';
const CACHE: CatalogueCacheOptions = { scope: 'products', bypassQuery: ['cart_id'], answerBeforeGuards: true };

@ApiTags('Products')
@StoreController('products')
export class StoreProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly keys: PublishableApiKeysService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List Products' })
  @ListRoute(STORE_PRODUCT_LIST)
  @CachedCatalogueResponse(CACHE)
  @MedusaResponse('StoreProductsListRes')
  async list(@Query() query: StoreGetProductsParams, @FindParams() config: FindConfig, @Headers(PUBLISHABLE_KEY_HEADER) key?: string) {
    const [products, count] = await this.products.listPublished(query, config, await this.keys.storeScope(key));
    if (shouldSetPricing(config.relations)) await this.products.decorateWithPrices(products, query);
    return listEnvelope('products', products, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product' })
  @QueryConfig({ entity: Product, defaultRelations: STORE_PRODUCT_RELATIONS, allowedRelations: STORE_PRODUCT_ALLOWED_EXPAND, computedFields: PRICE_FIELDS })
  @CachedCatalogueResponse(CACHE)
  @MedusaResponse('StoreProductsRes')
  async retrieve(
    @Param('id') id: string,
    @Query() query: StoreGetProductsProductParams,
    @FindParams() config: FindConfig,
    @Headers(PUBLISHABLE_KEY_HEADER) key?: string,
  ) {
    const product = await this.products.retrievePublished(id, config, await this.keys.storeScope(key));
    if (shouldSetPricing(config.relations)) await this.products.decorateWithPrices([product], query);
    return { product };
  }
}

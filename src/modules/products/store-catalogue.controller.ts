import { Body, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { PublishableApiKeysService } from '../publishable-api-keys/publishable-api-keys.service';
import { AdminGetProductTaxonomyParams } from './dto/admin-products.dto';
import { StoreGetVariantsParams, StoreGetVariantsVariantParams } from './dto/store-products.dto';
import { ProductVariant } from './product-variant.entity';
import { STORE_PRODUCT_TAG_LIST, STORE_PRODUCT_TYPE_LIST, STORE_VARIANT_ALLOWED_EXPAND, STORE_VARIANT_LIST, STORE_VARIANT_RELATIONS } from './product-lists';
import { ProductsService } from './products.service';

const PUBLISHABLE_KEY_HEADER = 'x-publishable-api-key';

/** `GET /store/variants` and `/store/variants/:id`, priced like the store's products. */
@ApiTags('Product Variants')
@StoreController('variants')
export class StoreVariantsController {
  constructor(
    private readonly products: ProductsService,
    private readonly keys: PublishableApiKeysService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Get Product Variants' })
  @ListRoute({ ...STORE_VARIANT_LIST, query: { ...STORE_VARIANT_LIST.query, allowedRelations: STORE_VARIANT_ALLOWED_EXPAND } })
  @MedusaResponse('StoreVariantsListRes')
  async list(@Query() query: StoreGetVariantsParams, @FindParams() config: FindConfig, @Headers(PUBLISHABLE_KEY_HEADER) key?: string) {
    // Medusa answers the variants alone: no count, offset or limit.
    return { variants: await this.products.listStoreVariants(query, config, await this.keys.storeScope(key)) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product Variant' })
  @QueryConfig({ entity: ProductVariant, defaultRelations: STORE_VARIANT_RELATIONS, allowedRelations: STORE_VARIANT_ALLOWED_EXPAND })
  @MedusaResponse('StoreVariantsRes')
  async retrieve(
    @Param('id') id: string,
    @Query() query: StoreGetVariantsVariantParams,
    @FindParams() config: FindConfig,
    @Headers(PUBLISHABLE_KEY_HEADER) key?: string,
  ) {
    return { variant: await this.products.retrieveStoreVariant(id, query, config, await this.keys.storeScope(key)) };
  }
}

/** `GET /store/product-tags`: every tag, those of unpublished products too (as Medusa). */
@ApiTags('Product Tags')
@StoreController('product-tags')
export class StoreProductTagsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Tags' })
  @ListRoute(STORE_PRODUCT_TAG_LIST)
  @MedusaResponse('StoreProductTagsListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    const [tags, count] = await this.products.listStoreTags(query, config);
    return listEnvelope('product_tags', tags, count, config);
  }
}

@ApiTags('Product Types')
@StoreController('product-types')
export class StoreProductTypesController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Types' })
  @ListRoute(STORE_PRODUCT_TYPE_LIST)
  @MedusaResponse('StoreProductTypesListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    const [types, count] = await this.products.listStoreTypes(query, config);
    return listEnvelope('product_types', types, count, config);
  }
}

/**
 * `POST /store/products/search` as Medusa answers it without a search plugin: `{ hits: [] }`,
 * nothing searched. Unknown body properties are accepted (Medusa passes them to the plugin).
 * With a publishable key, Medusa's key check reads `search` as a product id: 404.
 */
@ApiTags('Products')
@StoreController('products')
export class StoreProductSearchController {
  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'Search Products' })
  @MedusaResponse('StorePostSearchRes')
  search(@Body() body: Record<string, unknown>, @Headers(PUBLISHABLE_KEY_HEADER) key?: string) {
    if (key !== undefined) throw ApiError.notFound('Product with id: search was not found');
    const problems: string[] = [];
    if (body?.q !== undefined && typeof body.q !== 'string') problems.push('q must be a string');
    for (const name of ['offset', 'limit'] as const) {
      const value = body?.[name];
      if (value !== undefined && !(typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))))) {
        problems.push(`${name} must be a number conforming to the specified constraints`);
      }
    }
    if (problems.length) throw ApiError.invalid(problems.join(', '));
    return { hits: [] };
  }
}

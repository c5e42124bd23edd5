import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listFieldsWithCreatedAt } from '../../common/query/list-fields';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { AdminProductsQuery } from './admin-products.query';
import { AdminGetProductsParams, AdminGetVariantsParams } from './dto/admin-products.dto';
import { Product } from './product.entity';
import { ProductVariant } from './product-variant.entity';

/**
 * Medusa's defaultAdminProductRelations, with `sales_channels` (its sales channels flag is
 * on) and `profile` (Medusa's product loads it eagerly).
 */
const PRODUCT_RELATIONS = [
  'profile',
  'variants',
  'variants.prices',
  'variants.options',
  'profiles',
  'images',
  'options',
  'options.values',
  'tags',
  'type',
  'collection',
  'sales_channels',
];
const PRODUCT_ALLOWED_RELATIONS = PRODUCT_RELATIONS;
const PRODUCT_CONFIG = { entity: Product, defaultRelations: PRODUCT_RELATIONS, allowedRelations: PRODUCT_ALLOWED_RELATIONS };

/** Medusa's defaultAdminVariantRelations. */
const VARIANT_RELATIONS = ['product', 'prices', 'options'];
const VARIANT_ALLOWED_RELATIONS = [...VARIANT_RELATIONS, 'product.images', 'product.profiles', 'product.collection', 'product.type'];
const VARIANT_PRICE_FIELDS = [
  'original_price',
  'calculated_price',
  'calculated_price_type',
  'original_price_incl_tax',
  'calculated_price_incl_tax',
  'original_tax',
  'calculated_tax',
  'tax_rates',
];

/**
 * Products as Medusa's dashboard reads them: the product and gift card lists, the
 * collection's "add products" table (`q`, `collection_id[]`), discount conditions and the
 * search. Every status is listed. Read-only: products come from seed, import or CSV.
 */
@ApiTags('Products')
@AdminController('products')
export class AdminProductsController {
  constructor(private readonly catalogue: AdminProductsQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Products' })
  @QueryConfig({ ...PRODUCT_CONFIG, defaultLimit: 50, maxLimit: 1000 })
  @MedusaResponse('AdminProductsListRes')
  async list(@Query() query: AdminGetProductsParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [products, count] = await this.catalogue.listProducts(query, config);
    return listEnvelope('products', products, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product' })
  @QueryConfig(PRODUCT_CONFIG)
  @MedusaResponse('AdminProductsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { product: await this.catalogue.retrieveProduct(id, config.relations) };
  }
}

/**
 * Variants as the draft order form reads them: a search (`q`), then the chosen ones by
 * `id[]` priced for the order's region (`region_id`).
 */
@ApiTags('Product Variants')
@AdminController('variants')
export class AdminVariantsController {
  constructor(private readonly catalogue: AdminProductsQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Product Variants' })
  @QueryConfig({
    entity: ProductVariant,
    defaultLimit: 20,
    maxLimit: 1000,
    defaultRelations: VARIANT_RELATIONS,
    allowedRelations: VARIANT_ALLOWED_RELATIONS,
    computedFields: VARIANT_PRICE_FIELDS,
  })
  @MedusaResponse('AdminVariantsListRes')
  async list(@Query() query: AdminGetVariantsParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [variants, count] = await this.catalogue.listVariants(query, config);
    return listEnvelope('variants', variants, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product variant' })
  @QueryConfig({ entity: ProductVariant, defaultRelations: VARIANT_RELATIONS, allowedRelations: VARIANT_ALLOWED_RELATIONS })
  @MedusaResponse('AdminVariantsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { variant: await this.catalogue.retrieveVariant(id, config.relations) };
  }
}

import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { ListRoute } from '../../common/query/list-spec';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ADMIN_PRODUCT_LIST, ADMIN_PRODUCT_QUERY, ADMIN_VARIANT_LIST, VARIANT_ALLOWED_RELATIONS, VARIANT_RELATIONS } from './product-lists';
import { ProductsService } from './products.service';
import { AdminGetProductsParams, AdminGetVariantsParams } from './dto/admin-products.dto';
import { ProductVariant } from './product-variant.entity';

/**
 * Products as Medusa's dashboard reads them: the product and gift card lists, the
 * collection's "add products" table (`q`, `collection_id[]`), discount conditions and the
 * search. Every status is listed. The writes are AdminProductWritesController's.
 */
@ApiTags('Products')
@AdminController('products')
export class AdminProductsController {
  constructor(private readonly catalogue: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Products' })
  @ListRoute(ADMIN_PRODUCT_LIST)
  @MedusaResponse('AdminProductsListRes')
  async list(@Query() query: AdminGetProductsParams, @FindParams() config: FindConfig) {
    const [products, count] = await this.catalogue.listProducts(query, config);
    return listEnvelope('products', products, count, config);
  }

  // Before ':id', which would take them for product ids.
  @Get('types')
  @ApiOperation({ summary: 'List Product Types' })
  @MedusaResponse('AdminProductsListTypesRes')
  async types() {
    return { types: await this.catalogue.allTypes() };
  }

  @Get('tag-usage')
  @ApiOperation({ summary: 'List Tags Usage Number' })
  @MedusaResponse('AdminProductsListTagsRes')
  async tagUsage() {
    return { tags: await this.catalogue.tagUsage() };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product' })
  @QueryConfig(ADMIN_PRODUCT_QUERY)
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
  constructor(private readonly catalogue: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Variants' })
  @ListRoute(ADMIN_VARIANT_LIST)
  @MedusaResponse('AdminVariantsListRes')
  async list(@Query() query: AdminGetVariantsParams, @FindParams() config: FindConfig) {
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

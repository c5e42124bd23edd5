import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listFieldsWithCreatedAt } from '../../common/query/list-fields';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { AdminProductsQuery } from './admin-products.query';
import { AdminGetProductTaxonomyParams } from './dto/admin-products.dto';
import { ProductTag, ProductType } from './product-taxonomy.entities';

/** Product tags, as the discount condition tables list them. */
@ApiTags('Product Tags')
@AdminController('product-tags')
export class AdminProductTagsController {
  constructor(private readonly catalogue: AdminProductsQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Product Tags' })
  @QueryConfig({ entity: ProductTag, defaultLimit: 10, maxLimit: 1000, defaultRelations: [], allowedRelations: [] })
  @MedusaResponse('AdminProductTagsListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [tags, count] = await this.catalogue.listTags(query, config);
    return listEnvelope('product_tags', tags, count, config);
  }
}

/** Product types, as the discount condition tables and the product form list them. */
@ApiTags('Product Types')
@AdminController('product-types')
export class AdminProductTypesController {
  constructor(private readonly catalogue: AdminProductsQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Product Types' })
  @QueryConfig({ entity: ProductType, defaultLimit: 20, maxLimit: 1000, defaultRelations: [], allowedRelations: [] })
  @MedusaResponse('AdminProductTypesListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
    const [types, count] = await this.catalogue.listTypes(query, config);
    return listEnvelope('product_types', types, count, config);
  }
}

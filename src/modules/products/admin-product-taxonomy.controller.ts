import { Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_PRODUCT_TAG_LIST, ADMIN_PRODUCT_TYPE_LIST } from './product-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { ProductsService } from './products.service';
import { AdminGetProductTaxonomyParams } from './dto/admin-products.dto';

/** Product tags, as the discount condition tables list them. */
@ApiTags('Product Tags')
@AdminController('product-tags')
export class AdminProductTagsController {
  constructor(private readonly catalogue: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Tags' })
  @ListRoute(ADMIN_PRODUCT_TAG_LIST)
  @MedusaResponse('AdminProductTagsListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    const [tags, count] = await this.catalogue.listTags(query, config);
    return listEnvelope('product_tags', tags, count, config);
  }
}

/** Product types, as the discount condition tables and the product form list them. */
@ApiTags('Product Types')
@AdminController('product-types')
export class AdminProductTypesController {
  constructor(private readonly catalogue: ProductsService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Types' })
  @ListRoute(ADMIN_PRODUCT_TYPE_LIST)
  @MedusaResponse('AdminProductTypesListRes')
  async list(@Query() query: AdminGetProductTaxonomyParams, @FindParams() config: FindConfig) {
    const [types, count] = await this.catalogue.listTypes(query, config);
    return listEnvelope('product_types', types, count, config);
  }
}

import { Get, Param, Query } from '@nestjs/common';
import { StoreController } from '../../common/auth/surface';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { CATEGORY_RELATIONS, STORE_CATEGORY_ALLOWED_RELATIONS, STORE_CATEGORY_LIST } from './product-category-lists';
import { StoreGetProductCategoriesParams } from './dto/store-product-categories.dto';
import { ProductCategoriesService } from './product-categories.service';
import { ProductCategory } from './product-category.entity';
import { STORE_CATEGORY_FIELDS, toStoreCategory } from './store-category-fields';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';

const QUERY = {
  entity: ProductCategory,
  defaultRelations: CATEGORY_RELATIONS,
  allowedRelations: STORE_CATEGORY_ALLOWED_RELATIONS,
  allowedFields: STORE_CATEGORY_FIELDS,
};

@ApiTags('Product Categories')
@StoreController('product-categories')
export class StoreProductCategoriesController {
  constructor(private readonly categories: ProductCategoriesService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Categories' })
  @ListRoute(STORE_CATEGORY_LIST)
  @MedusaResponse('StoreGetProductCategoriesRes')
  async list(@Query() query: StoreGetProductCategoriesParams, @FindParams() config: FindConfig) {
    const { q, handle, parent_category_id, include_descendants_tree } = query;
    const [categories, count] = await this.categories.list({ q, handle, parent_category_id }, config, {
      scope: 'store',
      relations: config.relations,
      includeDescendantsTree: include_descendants_tree === true,
    });
    return listEnvelope('product_categories', categories.map(toStoreCategory), count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product Category' })
  @QueryConfig(QUERY)
  @MedusaResponse('StoreGetProductCategoriesCategoryRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { product_category: toStoreCategory(await this.categories.retrieve(id, { scope: 'store', relations: config.relations })) };
  }
}

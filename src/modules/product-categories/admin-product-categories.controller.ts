import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AdminController } from '../../common/auth/surface';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_CATEGORY_LIST, CATEGORY_RELATIONS } from './product-category-lists';
import {
  AdminGetProductCategoriesParams,
  AdminPostProductCategoriesCategoryReq,
  AdminPostProductCategoriesReq,
  AdminProductCategoryProductsBatchReq,
} from './dto/admin-product-categories.dto';
import { ProductCategoriesService } from './product-categories.service';
import { ProductCategory } from './product-category.entity';
import { toAdminCategory } from './store-category-fields';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';

/** Medusa's defaultAdminProductCategoryRelations and allowedAdminProductCategoryRelations (the same two). */
const ONE = { entity: ProductCategory, defaultRelations: CATEGORY_RELATIONS, allowedRelations: CATEGORY_RELATIONS };

@ApiTags('Product Categories')
@AdminController('product-categories')
export class AdminProductCategoriesController {
  constructor(private readonly categories: ProductCategoriesService) {}

  @Get()
  @ApiOperation({ summary: 'List Product Categories' })
  @ListRoute(ADMIN_CATEGORY_LIST)
  @MedusaResponse('AdminProductCategoriesListRes')
  async list(@Query() query: AdminGetProductCategoriesParams, @FindParams() config: FindConfig) {
    const { q, handle, parent_category_id, is_active, is_internal, include_descendants_tree } = query;
    const [categories, count] = await this.categories.list({ q, handle, parent_category_id, is_active, is_internal }, config, {
      scope: 'admin',
      relations: config.relations,
      includeDescendantsTree: include_descendants_tree === true,
    });
    return listEnvelope('product_categories', categories.map(toAdminCategory), count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Product Category' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminProductCategoriesCategoryRes')
  async create(@Body() body: AdminPostProductCategoriesReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { product_category: toAdminCategory(await this.categories.create(body, { scope: 'admin', relations: config.relations })) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Product Category' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminProductCategoriesCategoryRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { product_category: toAdminCategory(await this.categories.retrieve(id, { scope: 'admin', relations: config.relations })) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Product Category' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminProductCategoriesCategoryRes')
  async update(@Param('id') id: string, @Body() body: AdminPostProductCategoriesCategoryReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { product_category: toAdminCategory(await this.categories.update(id, body, { scope: 'admin', relations: config.relations })) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Product Category' })
  @MedusaResponse('AdminProductCategoriesCategoryDeleteRes')
  async delete(@Param('id') id: string) {
    await this.categories.delete(id);
    return { id, object: 'product-category', deleted: true };
  }

  @Post(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Products to a Category' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminProductCategoriesCategoryRes')
  async addProducts(
    @Param('id') id: string,
    @Body() body: AdminProductCategoryProductsBatchReq,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    await this.categories.addProducts(
      id,
      body.product_ids.map((p) => p.id),
    );
    return { product_category: toAdminCategory(await this.categories.retrieve(id, { scope: 'admin', relations: config.relations })) };
  }

  @Delete(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Products from Category' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminProductCategoriesCategoryRes')
  async removeProducts(
    @Param('id') id: string,
    @Body() body: AdminProductCategoryProductsBatchReq,
    @Query() _query: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    await this.categories.removeProducts(
      id,
      body.product_ids.map((p) => p.id),
    );
    return { product_category: toAdminCategory(await this.categories.retrieve(id, { scope: 'admin', relations: config.relations })) };
  }
}

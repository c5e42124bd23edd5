import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { CollectionsService } from './collections.service';
import {
  AdminCollectionProductsBatchReq,
  AdminGetCollectionsParams,
  AdminPostCollectionsCollectionReq,
  AdminPostCollectionsReq,
} from './dto/admin-collections.dto';
import { ProductCollection } from './product-collection.entity';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_COLLECTION_ALLOWED_RELATIONS, ADMIN_COLLECTION_LIST, ADMIN_COLLECTION_RELATIONS } from './collection-lists';

const ONE = { entity: ProductCollection, defaultRelations: ADMIN_COLLECTION_RELATIONS, allowedRelations: ADMIN_COLLECTION_ALLOWED_RELATIONS };

@ApiTags('Product Collections')
@AdminController('collections')
export class AdminCollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Get()
  @ApiOperation({ summary: 'List Collections' })
  @ListRoute(ADMIN_COLLECTION_LIST)
  @MedusaResponse('AdminCollectionsListRes')
  async list(@Query() query: AdminGetCollectionsParams, @FindParams() config: FindConfig) {
    const { q, title, handle, discount_condition_id, created_at, updated_at, deleted_at } = query;
    const filters = { q, title, handle, discount_condition_id, created_at, updated_at, deleted_at };
    const [collections, count] = await this.collections.list(ADMIN_COLLECTION_LIST, filters, config);
    return listEnvelope('collections', collections, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Collection' })
  @MedusaResponse('AdminCollectionsRes')
  async create(@Body() body: AdminPostCollectionsReq) {
    return { collection: await this.collections.create(body, ADMIN_COLLECTION_RELATIONS) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Collection' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminCollectionsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { collection: await this.collections.retrieveCommitted(id, config.relations) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Collection' })
  @MedusaResponse('AdminCollectionsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostCollectionsCollectionReq) {
    return { collection: await this.collections.update(id, body, ADMIN_COLLECTION_RELATIONS) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Collection' })
  @MedusaResponse('AdminCollectionsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.collections.delete(id);
    return { id, object: 'product-collection', deleted: true };
  }

  @Post(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Products to Collection' })
  @MedusaResponse('AdminCollectionsRes')
  async addProducts(@Param('id') id: string, @Body() body: AdminCollectionProductsBatchReq) {
    return { collection: await this.collections.addProducts(id, body.product_ids, ADMIN_COLLECTION_RELATIONS) };
  }

  @Delete(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Products from Collection' })
  @MedusaResponse('AdminDeleteProductsFromCollectionRes')
  async removeProducts(@Param('id') id: string, @Body() body: AdminCollectionProductsBatchReq) {
    await this.collections.removeProducts(id, body.product_ids);
    return { id, object: 'product-collection', removed_products: body.product_ids };
  }
}

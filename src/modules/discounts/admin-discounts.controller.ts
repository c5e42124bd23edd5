import { Body, HttpCode, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_DISCOUNT_LIST } from './discount-lists';
import { DISCOUNT_ALLOWED_RELATIONS, DISCOUNT_DEFAULT_RELATIONS } from './discount-lookup';
import { Discount } from './discount.entity';
import { DiscountsService } from './discounts.service';
import { AdminGetDiscountsParams, AdminPostDiscountsDiscountReq, AdminPostDiscountsReq } from './dto/admin-discounts.dto';

const DISCOUNT_QUERY = { entity: Discount, defaultRelations: DISCOUNT_DEFAULT_RELATIONS, allowedRelations: DISCOUNT_ALLOWED_RELATIONS };

@ApiTags('Discounts')
@AdminController('discounts')
export class AdminDiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get()
  @ApiOperation({ summary: 'List Discounts' })
  @ListRoute(ADMIN_DISCOUNT_LIST)
  @MedusaResponse('AdminDiscountsListRes')
  async list(@Query() query: AdminGetDiscountsParams, @FindParams() config: FindConfig) {
    const [discounts, count] = await this.discounts.list(query, config);
    return listEnvelope('discounts', discounts, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Discount' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async create(@Body() body: AdminPostDiscountsReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { discount: await this.discounts.create(body, config.relations) };
  }

  @Get('code/:code')
  @ApiOperation({ summary: 'Get Discount by Code' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async retrieveByCode(@Param('code') code: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { discount: await this.discounts.retrieveByCode(code, config.relations) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Discount' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { discount: await this.discounts.retrieve(id, config.relations) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Discount' })
  @QueryConfig(DISCOUNT_QUERY)
  @MedusaResponse('AdminDiscountsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostDiscountsDiscountReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { discount: await this.discounts.update(id, body, config.relations) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a Discount' })
  @MedusaResponse('AdminDiscountsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.discounts.delete(id);
    return { id, object: 'discount', deleted: true };
  }

  @Post(':id/regions/:region_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Region to Discount' })
  @MedusaResponse('AdminDiscountsRes')
  async addRegion(@Param('id') id: string, @Param('region_id') regionId: string) {
    return { discount: await this.discounts.addRegion(id, regionId) };
  }

  @Delete(':id/regions/:region_id')
  @ApiOperation({ summary: 'Remove Region' })
  @MedusaResponse('AdminDiscountsRes')
  async removeRegion(@Param('id') id: string, @Param('region_id') regionId: string) {
    return { discount: await this.discounts.removeRegion(id, regionId) };
  }
}

import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_SHIPPING_OPTION_LIST, ADMIN_SHIPPING_OPTION_RELATIONS } from './shipping-option-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { ShippingOptionsService } from './shipping-options.service';
import { AdminGetShippingOptionsParams, AdminPostShippingOptionsOptionReq, AdminPostShippingOptionsReq } from './dto/admin-shipping-options.dto';
import { ShippingOption } from './shipping-option.entity';

/**
 * Shipping options as Medusa's dashboard uses them: the draft order form lists a region's
 * options (`region_id`, `is_return=false`, admin-only ones included) and reads the chosen
 * one; the region page creates, edits (requirements) and deletes them.
 */
@ApiTags('Shipping Options')
@AdminController('shipping-options')
export class AdminShippingOptionsController {
  constructor(private readonly options: ShippingOptionsService) {}

  @Get()
  @ApiOperation({ summary: 'List Shipping Options' })
  @ListRoute(ADMIN_SHIPPING_OPTION_LIST)
  @MedusaResponse('AdminShippingOptionsListRes')
  async list(@Query() query: AdminGetShippingOptionsParams, @FindParams() config: FindConfig) {
    const [options, count] = await this.options.listForAdmin(query, config);
    return listEnvelope('shipping_options', options, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Shipping Option' })
  @QueryConfig({ entity: ShippingOption, defaultRelations: ADMIN_SHIPPING_OPTION_RELATIONS, allowedRelations: ADMIN_SHIPPING_OPTION_RELATIONS })
  @MedusaResponse('AdminShippingOptionsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { shipping_option: await this.options.retrieve(id, undefined, config.relations) };
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create Shipping Option' })
  @MedusaResponse('AdminShippingOptionsRes')
  async create(@Body() body: AdminPostShippingOptionsReq) {
    return { shipping_option: await this.options.create(body) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update Shipping Option' })
  @MedusaResponse('AdminShippingOptionsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostShippingOptionsOptionReq) {
    return { shipping_option: await this.options.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete Shipping Option' })
  @MedusaResponse('AdminShippingOptionsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.options.delete(id);
    return { id, object: 'shipping-option', deleted: true };
  }
}

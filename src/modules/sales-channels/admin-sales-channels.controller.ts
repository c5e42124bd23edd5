import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { SalesChannelsService } from './sales-channels.service';
import {
  AdminGetSalesChannelsParams,
  AdminPostSalesChannelsReq,
  AdminPostSalesChannelsSalesChannelReq,
  AdminSalesChannelProductsBatchReq,
} from './dto/admin-sales-channels.dto';
import { ADMIN_SALES_CHANNEL_LIST } from './sales-channel-lists';

/** Sales channels as Medusa's dashboard manages them (settings page, product availability). */
@ApiTags('Sales Channels')
@AdminController('sales-channels')
export class AdminSalesChannelsController {
  constructor(private readonly channels: SalesChannelsService) {}

  @Get()
  @ApiOperation({ summary: 'List Sales Channels' })
  @ListRoute(ADMIN_SALES_CHANNEL_LIST)
  @MedusaResponse('AdminSalesChannelsListRes')
  async list(@Query() query: AdminGetSalesChannelsParams, @FindParams() config: FindConfig) {
    const [channels, count] = await this.channels.list(query, config);
    return listEnvelope('sales_channels', channels, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async create(@Body() body: AdminPostSalesChannelsReq) {
    return { sales_channel: await this.channels.create(body) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async retrieve(@Param('id') id: string) {
    return { sales_channel: await this.channels.retrieve(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostSalesChannelsSalesChannelReq) {
    return { sales_channel: await this.channels.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Sales Channel' })
  @MedusaResponse('AdminSalesChannelsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.channels.delete(id);
    return { id, object: 'sales-channel', deleted: true };
  }

  @Post(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Products to Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async addProducts(@Param('id') id: string, @Body() body: AdminSalesChannelProductsBatchReq) {
    return {
      sales_channel: await this.channels.addProducts(
        id,
        body.product_ids.map((p) => p.id),
      ),
    };
  }

  @Delete(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Products from Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async removeProducts(@Param('id') id: string, @Body() body: AdminSalesChannelProductsBatchReq) {
    return {
      sales_channel: await this.channels.removeProducts(
        id,
        body.product_ids.map((p) => p.id),
      ),
    };
  }
}

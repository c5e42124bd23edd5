import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUserId } from '../../common/auth/auth.decorators';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import {
  AdminGetPublishableApiKeySalesChannelsParams,
  AdminGetPublishableApiKeysParams,
  AdminPostPublishableApiKeysPublishableApiKeyReq,
  AdminPostPublishableApiKeysReq,
  AdminPublishableApiKeySalesChannelsBatchReq,
} from './dto/admin-publishable-api-keys.dto';
import { ADMIN_PUBLISHABLE_API_KEY_LIST } from './publishable-api-key-lists';
import { PublishableApiKeysService } from './publishable-api-keys.service';

/** The dashboard's "Publishable API keys" settings page. */
@ApiTags('Publishable Api Keys')
@AdminController('publishable-api-keys')
export class AdminPublishableApiKeysController {
  constructor(private readonly keys: PublishableApiKeysService) {}

  @Get()
  @ApiOperation({ summary: 'List Publishable API keys' })
  @ListRoute(ADMIN_PUBLISHABLE_API_KEY_LIST)
  @MedusaResponse('AdminPublishableApiKeysListRes')
  async list(@Query() query: AdminGetPublishableApiKeysParams, @FindParams() config: FindConfig) {
    const [keys, count] = await this.keys.list(query, config);
    return listEnvelope('publishable_api_keys', keys, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async create(@Body() body: AdminPostPublishableApiKeysReq, @CurrentUserId() userId: string | undefined) {
    return { publishable_api_key: await this.keys.create(body.title, userId) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async retrieve(@Param('id') id: string) {
    return { publishable_api_key: await this.keys.retrieve(id) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async update(@Param('id') id: string, @Body() body: AdminPostPublishableApiKeysPublishableApiKeyReq) {
    return { publishable_api_key: await this.keys.update(id, body.title) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeyDeleteRes')
  async delete(@Param('id') id: string) {
    await this.keys.delete(id);
    return { id, object: 'publishable_api_key', deleted: true };
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async revoke(@Param('id') id: string, @CurrentUserId() userId: string | undefined) {
    return { publishable_api_key: await this.keys.revoke(id, userId) };
  }

  @Get(':id/sales-channels')
  @ApiOperation({ summary: 'List Sales Channels of a Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysListSalesChannelsRes')
  async channels(@Param('id') id: string, @Query() query: AdminGetPublishableApiKeySalesChannelsParams) {
    return { sales_channels: await this.keys.channels(id, query.q) };
  }

  @Post(':id/sales-channels/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Sales Channels to a Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async addChannels(@Param('id') id: string, @Body() body: AdminPublishableApiKeySalesChannelsBatchReq) {
    return {
      publishable_api_key: await this.keys.addChannels(
        id,
        body.sales_channel_ids.map((c) => c.id),
      ),
    };
  }

  @Delete(':id/sales-channels/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Sales Channels from a Publishable API Key' })
  @MedusaResponse('AdminPublishableApiKeysRes')
  async removeChannels(@Param('id') id: string, @Body() body: AdminPublishableApiKeySalesChannelsBatchReq) {
    return {
      publishable_api_key: await this.keys.removeChannels(
        id,
        body.sales_channel_ids.map((c) => c.id),
      ),
    };
  }
}

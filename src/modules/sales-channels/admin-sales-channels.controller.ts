import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { SalesChannelsService } from './sales-channels.service';
import { AdminGetSalesChannelsParams } from './dto/admin-sales-channels.dto';
import { ADMIN_SALES_CHANNEL_LIST } from './sales-channel-lists';

/**
 * Sales channels as Medusa's dashboard reads them (the order filter, the product list's
 * sales channel column). Read-only: the store has its default channel.
 */
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

  @Get(':id')
  @ApiOperation({ summary: 'Get a Sales Channel' })
  @MedusaResponse('AdminSalesChannelsRes')
  async retrieve(@Param('id') id: string) {
    return { sales_channel: await this.channels.retrieve(id) };
  }
}

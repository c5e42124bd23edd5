import { Get, Injectable, Module, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AdminController } from '../../common/auth/surface';
import { ApiError } from '../../common/errors/api-error';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listFieldsWithCreatedAt } from '../../common/query/list-fields';
import { buildWhere, listEnvelope, listPage, withSearch } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { AdminGetSalesChannelsParams } from './dto/admin-sales-channels.dto';
import { SalesChannel } from './sales-channel.entity';

/** The admin's reads of sales channels. */
@Injectable()
class AdminSalesChannelsQuery {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of channels; `q` searches name and description (Medusa's columns). */
  list(query: AdminGetSalesChannelsParams, config: FindConfig): Promise<[SalesChannel[], number]> {
    const { id, name, description, created_at, updated_at, deleted_at } = query;
    const where = buildWhere<SalesChannel>({ id, name, description, created_at, updated_at, deleted_at });
    return listPage(this.dataSource.getRepository(SalesChannel), {
      where: withSearch(where, query.q, ['name', 'description']),
      config,
      order: { ...config.order, id: config.order.id ?? 'ASC' },
      relations: [],
      withDeleted: deleted_at !== undefined,
    });
  }

  async retrieve(id: string): Promise<SalesChannel> {
    const channel = await this.dataSource.getRepository(SalesChannel).findOne({ where: { id } });
    if (!channel) throw ApiError.notFound(`Sales channel with id ${id} was not found`);
    return channel;
  }
}

/**
 * Sales channels as Medusa's dashboard reads them (the order filter, the product list's
 * sales channel column). Read-only: the store has its default channel.
 */
@ApiTags('Sales Channels')
@AdminController('sales-channels')
class AdminSalesChannelsController {
  constructor(private readonly channels: AdminSalesChannelsQuery) {}

  @Get()
  @ApiOperation({ summary: 'List Sales Channels' })
  @QueryConfig({ entity: SalesChannel, defaultLimit: 20, maxLimit: 1000, defaultRelations: [], allowedRelations: [] })
  @MedusaResponse('AdminSalesChannelsListRes')
  async list(@Query() query: AdminGetSalesChannelsParams, @FindParams() config: FindConfig) {
    listFieldsWithCreatedAt(config);
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

/** `/admin/sales-channels` (list, get). */
@Module({ controllers: [AdminSalesChannelsController], providers: [AdminSalesChannelsQuery] })
export class AdminSalesChannelsModule {}

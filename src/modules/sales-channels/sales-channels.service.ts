import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { AdminGetSalesChannelsParams } from './dto/admin-sales-channels.dto';
import { ADMIN_SALES_CHANNEL_LIST } from './sales-channel-lists';
import { SalesChannel } from './sales-channel.entity';

/** Sales channels' reads (read-only here: the store has its default channel). */
@Injectable()
export class SalesChannelsService {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of channels (ADMIN_SALES_CHANNEL_LIST). */
  list(query: AdminGetSalesChannelsParams, config: FindConfig): Promise<[SalesChannel[], number]> {
    return runList(this.dataSource.manager, ADMIN_SALES_CHANNEL_LIST, { ...query }, config);
  }

  async retrieve(id: string): Promise<SalesChannel> {
    const channel = await this.dataSource.getRepository(SalesChannel).findOne({ where: { id } });
    if (!channel) throw ApiError.notFound(`Sales channel with id ${id} was not found`);
    return channel;
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { runList } from '../../common/query/list-spec';
import { STORE_REGION_LIST } from './region-lists';
import type { FindConfig } from '../../common/query/query-config.decorator';
import { toRelations } from '../../common/query/relations';
import { Region } from './region.entity';

@Injectable()
export class RegionsService {
  constructor(private readonly dataSource: DataSource) {}

  list(filters: Record<string, unknown>, config: FindConfig): Promise<[Region[], number]> {
    return runList(this.dataSource.manager, STORE_REGION_LIST, filters, config);
  }

  async retrieve(id: string, relations: string[] = [], manager: EntityManager = this.dataSource.manager): Promise<Region> {
    const region = await manager.getRepository(Region).findOne({ where: { id }, relations: toRelations(relations), relationLoadStrategy: 'query' });
    // Medusa 1.20's RegionService words it without "id:" (seen on a real 1.20.10).
    if (!region) throw ApiError.notFound(`Region with ${id} was not found`);
    return region;
  }
}

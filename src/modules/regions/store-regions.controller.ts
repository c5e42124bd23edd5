import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { REGION_RELATIONS, STORE_REGION_LIST } from './region-lists';
import { StoreGetRegionsParams } from './dto/store-regions.dto';
import { Region } from './region.entity';
import { RegionsService } from './regions.service';

/** Medusa v1.20's store region relations (defaultStoreRegionRelations): the default set is also the allowed one. */

@ApiTags('Regions')
@StoreController('regions')
export class StoreRegionsController {
  constructor(private readonly regions: RegionsService) {}

  @Get()
  @ApiOperation({ summary: 'List Regions' })
  @ListRoute(STORE_REGION_LIST)
  @MedusaResponse('StoreRegionsListRes')
  async list(@Query() query: StoreGetRegionsParams, @FindParams() config: FindConfig) {
    const { created_at, updated_at } = query;
    const [regions, count] = await this.regions.list(STORE_REGION_LIST, { created_at, updated_at }, config);
    return listEnvelope('regions', regions, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Region' })
  @QueryConfig({ entity: Region, defaultRelations: REGION_RELATIONS, allowedRelations: REGION_RELATIONS })
  @MedusaResponse('StoreRegionsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { region: await this.regions.retrieve(id, config.relations) };
  }
}

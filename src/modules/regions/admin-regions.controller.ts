import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_REGION_LIST, REGION_RELATIONS } from './region-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { RegionsService } from './regions.service';
import { AdminGetRegionsParams } from './dto/admin-regions.dto';
import { Region } from './region.entity';

/** Medusa's defaultAdminRegionRelations. */
const ONE = { entity: Region, defaultRelations: REGION_RELATIONS, allowedRelations: REGION_RELATIONS };

/**
 * Regions as Medusa's dashboard reads them: the region selects of the discount, gift card
 * and draft order forms, the order page, and the draft order's fulfillment options.
 * Read-only: regions are set up by seed or import.
 */
@ApiTags('Regions')
@AdminController('regions')
export class AdminRegionsController {
  constructor(private readonly regions: RegionsService) {}

  @Get()
  @ApiOperation({ summary: 'List Regions' })
  @ListRoute(ADMIN_REGION_LIST)
  @MedusaResponse('AdminRegionsListRes')
  async list(@Query() query: AdminGetRegionsParams, @FindParams() config: FindConfig) {
    const [regions, count] = await this.regions.list(ADMIN_REGION_LIST, { ...query }, config);
    return listEnvelope('regions', regions, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Region' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminRegionsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { region: await this.regions.retrieve(id, config.relations) };
  }

  @Get(':id/fulfillment-options')
  @ApiOperation({ summary: 'List Fulfillment Options' })
  @MedusaResponse('AdminGetRegionsRegionFulfillmentOptionsRes')
  async fulfillmentOptions(@Param('id') id: string) {
    return { fulfillment_options: await this.regions.fulfillmentOptions(id) };
  }
}

import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_REGION_LIST, REGION_RELATIONS } from './region-lists';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { RegionsService } from './regions.service';
import {
  AdminGetRegionsParams,
  AdminPostRegionsRegionCountriesReq,
  AdminPostRegionsRegionProviderReq,
  AdminPostRegionsRegionReq,
  AdminPostRegionsReq,
} from './dto/admin-regions.dto';
import { Region } from './region.entity';

/** Medusa's defaultAdminRegionRelations. */
const ONE = { entity: Region, defaultRelations: REGION_RELATIONS, allowedRelations: REGION_RELATIONS };

/**
 * Regions as Medusa's dashboard uses them: the region selects of the discount, gift card
 * and draft order forms, the order page, the draft order's fulfillment options, and the
 * settings' region pages (create, edit, countries and providers, delete).
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

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Region' })
  @MedusaResponse('AdminRegionsRes')
  async create(@Body() body: AdminPostRegionsReq) {
    return { region: await this.regions.create(body) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Region' })
  @MedusaResponse('AdminRegionsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostRegionsRegionReq) {
    return { region: await this.regions.update(id, body) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Region' })
  @MedusaResponse('AdminRegionsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.regions.delete(id);
    return { id, object: 'region', deleted: true };
  }

  @Post(':id/countries')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Country' })
  @MedusaResponse('AdminRegionsRes')
  async addCountry(@Param('id') id: string, @Body() body: AdminPostRegionsRegionCountriesReq) {
    return { region: await this.regions.addCountry(id, body.country_code) };
  }

  @Delete(':id/countries/:country_code')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Country' })
  @MedusaResponse('AdminRegionsRes')
  async removeCountry(@Param('id') id: string, @Param('country_code') code: string) {
    return { region: await this.regions.removeCountry(id, code) };
  }

  @Post(':id/payment-providers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Payment Provider' })
  @MedusaResponse('AdminRegionsRes')
  async addPaymentProvider(@Param('id') id: string, @Body() body: AdminPostRegionsRegionProviderReq) {
    return { region: await this.regions.addProvider('payment', id, body.provider_id) };
  }

  @Delete(':id/payment-providers/:provider_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Payment Provider' })
  @MedusaResponse('AdminRegionsRes')
  async removePaymentProvider(@Param('id') id: string, @Param('provider_id') providerId: string) {
    return { region: await this.regions.removeProvider('payment', id, providerId) };
  }

  @Post(':id/fulfillment-providers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add Fulfillment Provider' })
  @MedusaResponse('AdminRegionsRes')
  async addFulfillmentProvider(@Param('id') id: string, @Body() body: AdminPostRegionsRegionProviderReq) {
    return { region: await this.regions.addProvider('fulfillment', id, body.provider_id) };
  }

  @Delete(':id/fulfillment-providers/:provider_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove Fulfillment Provider' })
  @MedusaResponse('AdminRegionsRes')
  async removeFulfillmentProvider(@Param('id') id: string, @Param('provider_id') providerId: string) {
    return { region: await this.regions.removeProvider('fulfillment', id, providerId) };
  }
}

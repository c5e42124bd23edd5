import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import {
  AdminGetTaxRatesParams,
  AdminPostTaxRatesReq,
  AdminPostTaxRatesTaxRateReq,
  AdminTaxRateProductsReq,
  AdminTaxRateProductTypesReq,
  AdminTaxRateShippingOptionsReq,
} from './dto/admin-tax-rates.dto';
import { ADMIN_TAX_RATE_LIST, TAX_RATE_RELATIONS } from './tax-rate-lists';
import { TaxRate } from './tax-rate.entity';
import { TaxRatesService } from './tax-rates.service';

const ONE = { entity: TaxRate, defaultRelations: [], allowedRelations: TAX_RATE_RELATIONS };

/** Tax rates and their overrides (Settings -> Taxes of a region). */
@ApiTags('Tax Rates')
@AdminController('tax-rates')
export class AdminTaxRatesController {
  constructor(private readonly rates: TaxRatesService) {}

  @Get()
  @ApiOperation({ summary: 'List Tax Rates' })
  @ListRoute(ADMIN_TAX_RATE_LIST)
  @MedusaResponse('AdminTaxRatesListRes')
  async list(@Query() query: AdminGetTaxRatesParams, @FindParams() config: FindConfig) {
    const { region_id, name, code, rate, q, created_at, updated_at } = query;
    const [tax_rates, count] = await this.rates.list({ region_id, name, code, rate, q, created_at, updated_at }, config);
    return listEnvelope('tax_rates', tax_rates, count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Tax Rate' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async create(@Body() body: AdminPostTaxRatesReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.create(body, config.relations) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Tax Rate' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.retrieve(id, config.relations) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Tax Rate' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async update(@Param('id') id: string, @Body() body: AdminPostTaxRatesTaxRateReq, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.update(id, body, config.relations) };
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a Tax Rate' })
  @MedusaResponse('AdminTaxRatesDeleteRes')
  async delete(@Param('id') id: string) {
    await this.rates.delete(id);
    return { id, object: 'tax-rate', deleted: true };
  }

  @Post(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add to Products' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async addProducts(@Param('id') id: string, @Body() body: AdminTaxRateProductsReq, @Query() _q: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.addTargets(id, 'products', body.products, config.relations) };
  }

  @Delete(':id/products/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove from Products' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async removeProducts(@Param('id') id: string, @Body() body: AdminTaxRateProductsReq, @Query() _q: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.removeTargets(id, 'products', body.products, config.relations) };
  }

  @Post(':id/product-types/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add to Product Types' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async addProductTypes(@Param('id') id: string, @Body() body: AdminTaxRateProductTypesReq, @Query() _q: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.addTargets(id, 'product_types', body.product_types, config.relations) };
  }

  @Delete(':id/product-types/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove from Product Types' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async removeProductTypes(@Param('id') id: string, @Body() body: AdminTaxRateProductTypesReq, @Query() _q: FindParamsDto, @FindParams() config: FindConfig) {
    return { tax_rate: await this.rates.removeTargets(id, 'product_types', body.product_types, config.relations) };
  }

  @Post(':id/shipping-options/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add to Shipping Options' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async addShippingOptions(
    @Param('id') id: string,
    @Body() body: AdminTaxRateShippingOptionsReq,
    @Query() _q: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return { tax_rate: await this.rates.addTargets(id, 'shipping_options', body.shipping_options, config.relations) };
  }

  @Delete(':id/shipping-options/batch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove from Shipping Options' })
  @QueryConfig(ONE)
  @MedusaResponse('AdminTaxRatesRes')
  async removeShippingOptions(
    @Param('id') id: string,
    @Body() body: AdminTaxRateShippingOptionsReq,
    @Query() _q: FindParamsDto,
    @FindParams() config: FindConfig,
  ) {
    return { tax_rate: await this.rates.removeTargets(id, 'shipping_options', body.shipping_options, config.relations) };
  }
}

import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { ADMIN_CURRENCY_LIST } from './currency-lists';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { CachedCatalogueResponse } from '../catalogue-cache/catalogue-cache.interceptor';
import { CurrenciesService } from './currencies.service';
import { AdminGetCurrenciesParams, AdminPostCurrenciesCurrencyReq } from './dto/admin-currencies.dto';

@ApiTags('Currencies')
@AdminController('currencies')
export class AdminCurrenciesController {
  constructor(private readonly currencies: CurrenciesService) {}

  @Get()
  @ApiOperation({ summary: 'List Currency' })
  @ListRoute(ADMIN_CURRENCY_LIST)
  // The admin guard still runs on every request; only the body (the same for every admin) is cached.
  @CachedCatalogueResponse({ scope: 'currencies' })
  @MedusaResponse('AdminCurrenciesListRes')
  async list(@Query() query: AdminGetCurrenciesParams, @FindParams() config: FindConfig) {
    const [currencies, count] = await this.currencies.list(query, config);
    return listEnvelope('currencies', currencies, count, config);
  }

  @Post(':code')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Currency' })
  @MedusaResponse('AdminCurrenciesRes')
  async update(@Param('code') code: string, @Body() body: AdminPostCurrenciesCurrencyReq) {
    return { currency: await this.currencies.update(code, body) };
  }
}

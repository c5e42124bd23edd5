import { Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { listEnvelope } from '../../common/query/list-query';
import { STORE_COLLECTION_LIST } from './collection-lists';
import { ListRoute } from '../../common/query/list-spec';
import { FindConfig, FindParams } from '../../common/query/query-config.decorator';
import { CachedCatalogueResponse } from '../catalogue-cache/catalogue-cache.interceptor';
import { CollectionsService } from './collections.service';
import { StoreGetCollectionsParams } from './dto/store-collections.dto';

@ApiTags('Product Collections')
@StoreController('collections')
export class StoreCollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Get()
  @ApiOperation({ summary: 'List Collections' })
  @ListRoute(STORE_COLLECTION_LIST)
  @CachedCatalogueResponse({ scope: 'collections', answerBeforeGuards: true })
  @MedusaResponse('StoreCollectionsListRes')
  async list(@Query() query: StoreGetCollectionsParams, @FindParams() config: FindConfig) {
    const { handle, created_at, updated_at } = query;
    const [collections, count] = await this.collections.list(STORE_COLLECTION_LIST, { handle, created_at, updated_at }, config);
    return listEnvelope('collections', collections, count, config);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Collection' })
  @CachedCatalogueResponse({ scope: 'collections', answerBeforeGuards: true })
  @MedusaResponse('StoreCollectionsRes')
  async retrieve(@Param('id') id: string) {
    return { collection: await this.collections.retrieveCommitted(id) };
  }
}

import { Body, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { FindParamsDto } from '../../common/query/find-params.dto';
import { listEnvelope } from '../../common/query/list-query';
import { FindConfig, FindParams, QueryConfig } from '../../common/query/query-config.decorator';
import { AdminGetGiftCardsParams, AdminPostGiftCardsGiftCardReq, AdminPostGiftCardsReq } from './dto/admin-gift-cards.dto';
import { GiftCard } from './gift-card.entity';
import { ListRoute } from '../../common/query/list-spec';
import { ADMIN_GIFT_CARD_LIST, GIFT_CARD_DEFAULT_RELATIONS } from './gift-card-lists';
import { GiftCardsService } from './gift-cards.service';
import { toAdminGiftCard } from './admin-gift-card.view';

@ApiTags('Gift Cards')
@AdminController('gift-cards')
export class AdminGiftCardsController {
  constructor(private readonly giftCards: GiftCardsService) {}

  @Get()
  @ApiOperation({ summary: 'List Gift Cards' })
  @ListRoute(ADMIN_GIFT_CARD_LIST)
  @MedusaResponse('AdminGiftCardsListRes')
  async list(@Query() query: AdminGetGiftCardsParams, @FindParams() config: FindConfig) {
    const [giftCards, count] = await this.giftCards.list({ q: query.q }, config);
    return listEnvelope('gift_cards', giftCards.map(toAdminGiftCard), count, config);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a Gift Card' })
  @MedusaResponse('AdminGiftCardsRes')
  async create(@Body() body: AdminPostGiftCardsReq) {
    return { gift_card: toAdminGiftCard(await this.giftCards.create(body)) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get a Gift Card' })
  @QueryConfig({ entity: GiftCard, defaultRelations: GIFT_CARD_DEFAULT_RELATIONS, allowedRelations: GIFT_CARD_DEFAULT_RELATIONS })
  @MedusaResponse('AdminGiftCardsRes')
  async retrieve(@Param('id') id: string, @Query() _query: FindParamsDto, @FindParams() config: FindConfig) {
    return { gift_card: toAdminGiftCard(await this.giftCards.retrieve(id, config.relations)) };
  }

  @Post(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Update a Gift Card' })
  @MedusaResponse('AdminGiftCardsRes')
  async update(@Param('id') id: string, @Body() body: AdminPostGiftCardsGiftCardReq) {
    return { gift_card: toAdminGiftCard(await this.giftCards.update(id, body)) };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a Gift Card' })
  @MedusaResponse('AdminGiftCardsDeleteRes')
  async delete(@Param('id') id: string) {
    await this.giftCards.delete(id);
    return { id, object: 'gift-card', deleted: true };
  }
}

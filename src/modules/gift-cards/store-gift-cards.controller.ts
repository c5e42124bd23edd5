import { Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreController } from '../../common/auth/surface';
import { MedusaResponse } from '../../common/openapi/medusa-response.decorator';
import { GiftCardsService } from './gift-cards.service';
import { toStoreGiftCard } from './store-gift-card.view';

@ApiTags('Gift Cards')
@StoreController('gift-cards')
export class StoreGiftCardsController {
  constructor(private readonly giftCards: GiftCardsService) {}

  @Get(':code')
  @ApiOperation({ summary: 'Get Gift Card by Code' })
  @MedusaResponse('StoreGiftCardsRes')
  async retrieve(@Param('code') code: string) {
    return { gift_card: toStoreGiftCard(await this.giftCards.retrieveForStore(code)) };
  }
}

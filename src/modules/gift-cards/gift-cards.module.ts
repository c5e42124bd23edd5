import { Module } from '@nestjs/common';
import { RegionsModule } from '../regions/regions.module';
import { AdminGiftCardsController } from './admin-gift-cards.controller';
import { GiftCardsService } from './gift-cards.service';
import { StoreGiftCardsController } from './store-gift-cards.controller';

/** Gift cards: admin CRUD, the storefront balance check, and the redemption API carts use. */
@Module({
  imports: [RegionsModule],
  controllers: [AdminGiftCardsController, StoreGiftCardsController],
  providers: [GiftCardsService],
  exports: [GiftCardsService],
})
export class GiftCardsModule {}

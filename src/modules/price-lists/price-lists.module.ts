import { Module } from '@nestjs/common';
import { AdminPriceListsController } from './admin-price-lists.controller';
import { PriceListsService } from './price-lists.service';

/** `/admin/price-lists`; the price selection of its lists is `choosePrice` (price-selection.ts). */
@Module({ controllers: [AdminPriceListsController], providers: [PriceListsService] })
export class PriceListsModule {}

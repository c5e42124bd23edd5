import { Module } from '@nestjs/common';
import { AdminDiscountConditionsController } from './admin-discount-conditions.controller';
import { AdminDiscountDynamicCodesController } from './admin-discount-dynamic-codes.controller';
import { AdminDiscountsController } from './admin-discounts.controller';
import { DiscountConditionsService } from './discount-conditions.service';
import { DiscountsService } from './discounts.service';

/** Admin discounts API; exports DiscountsService (code lookup and engine mapping) for carts. */
@Module({
  controllers: [AdminDiscountsController, AdminDiscountDynamicCodesController, AdminDiscountConditionsController],
  providers: [DiscountsService, DiscountConditionsService],
  exports: [DiscountsService],
})
export class DiscountsModule {}

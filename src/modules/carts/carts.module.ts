import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module';
import { CustomersModule } from '../customers/customers.module';
import { DiscountsModule } from '../discounts/discounts.module';
import { GiftCardsModule } from '../gift-cards/gift-cards.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { ShippingModule } from '../shipping/shipping.module';
import { TableChangesModule } from '../table-changes/table-changes.module';
import { TaxesModule } from '../taxes/taxes.module';
import { CartAddressesService } from './cart-addresses.service';
import { CartCheckoutService } from './cart-checkout.service';
import { CartCommands } from './cart-commands';
import { CartCompletionService } from './cart-completion.service';
import { CartDiscountsService } from './cart-discounts.service';
import { CartRecalculationService } from './cart-recalculation.service';
import { CartGiftCardsService } from './cart-gift-cards.service';
import { CartMutationRunner } from './cart-mutation.runner';
import { CartResponseCache } from './cart-response-cache';
import { cartResponseCacheMiddleware } from './cart-response-cache.middleware';
import { CartReadModule } from './cart-read.module';
import { CartsService } from './carts.service';
import { LineItemsService } from './line-items.service';
import { OrderPlacementService } from './order-placement.service';
import { StoreCartCheckoutController } from './store-cart-checkout.controller';
import { StoreCartsController } from './store-carts.controller';

/**
 * Store carts and checkout. Exports the cart reads (CartReadModule: CartLoaderService) and
 * the command API other modules change carts through (CartCommands), nothing else.
 */
@Module({
  imports: [
    TableChangesModule,
    CartReadModule,
    TaxesModule,
    PaymentsModule,
    ShippingModule,
    OrdersModule,
    CustomersModule,
    DiscountsModule,
    GiftCardsModule,
    IdempotencyModule,
  ],
  controllers: [StoreCartsController, StoreCartCheckoutController],
  providers: [
    CartsService,
    CartCheckoutService,
    CartCompletionService,
    LineItemsService,
    CartDiscountsService,
    CartGiftCardsService,
    CartAddressesService,
    CartRecalculationService,
    CartMutationRunner,
    OrderPlacementService,
    CartResponseCache,
    CartCommands,
  ],
  exports: [CartReadModule, CartCommands],
})
export class CartsModule implements NestModule {
  constructor(private readonly responseCache: CartResponseCache) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(cartResponseCacheMiddleware(this.responseCache)).forRoutes({ path: 'store/carts/{*path}', method: RequestMethod.GET });
  }
}

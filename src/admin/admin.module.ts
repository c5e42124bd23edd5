import { Module } from '@nestjs/common';
import { AppsModule } from '../modules/apps/apps.module';
import { BatchJobsModule } from '../modules/batch-jobs/batch-jobs.module';
import { CurrenciesModule } from '../modules/currencies/currencies.module';
import { CustomersModule } from '../modules/customers/customers.module';
import { CustomerGroupsModule } from '../modules/customer-groups/customer-groups.module';
import { CollectionsModule } from '../modules/collections/collections.module';
import { DiscountsModule } from '../modules/discounts/discounts.module';
import { DraftOrdersModule } from '../modules/draft-orders/draft-orders.module';
import { GiftCardsModule } from '../modules/gift-cards/gift-cards.module';
import { ProductCategoriesModule } from '../modules/product-categories/product-categories.module';
import { AdminOrderActivityModule } from '../modules/orders/admin-order-activity.module';
import { AdminOrdersModule } from '../modules/orders/admin-orders.module';
import { AdminOrderLifecycleModule } from '../modules/orders/admin-order-lifecycle.module';
import { AdminPaymentsModule } from '../modules/payments/admin-payments.controller';
import { AdminNotesModule } from '../modules/notes/admin-notes.controller';
import { AdminProductsModule } from '../modules/products/admin-products.module';
import { AdminSalesChannelsModule } from '../modules/sales-channels/admin-sales-channels.module';
import { PublishableApiKeysModule } from '../modules/publishable-api-keys/publishable-api-keys.module';
import { PriceListsModule } from '../modules/price-lists/price-lists.module';
import { AdminRegionsModule } from '../modules/regions/admin-regions.module';
import { AdminShippingOptionsModule } from '../modules/shipping/admin-shipping-options.module';
import { AdminShippingProfilesModule } from '../modules/shipping/admin-shipping-profiles.module';
import { AdminStoreModule } from '../modules/store-settings/admin-store.module';
import { AdminUsersModule } from '../modules/users/admin-users.module';
import { AdminTaxRatesModule } from '../modules/taxes/admin-tax-rates.module';
import { InvitesModule } from '../modules/invites/invites.module';

/** Composition root of the /admin surface: each resource module brings its admin controllers. */
@Module({
  imports: [
    AppsModule,
    CurrenciesModule,
    GiftCardsModule,
    CustomersModule,
    CustomerGroupsModule,
    CollectionsModule,
    DiscountsModule,
    BatchJobsModule,
    DraftOrdersModule,
    ProductCategoriesModule,
    // What Medusa's own dashboard reads (issue 28).
    AdminStoreModule,
    AdminUsersModule,
    InvitesModule,
    AdminTaxRatesModule,
    AdminRegionsModule,
    AdminShippingOptionsModule,
    AdminShippingProfilesModule,
    AdminProductsModule,
    AdminSalesChannelsModule,
    PublishableApiKeysModule,
    PriceListsModule,
    AdminOrdersModule,
    AdminOrderActivityModule,
    // After checkout: capture, fulfil, ship, refund, cancel (issue 40).
    AdminOrderLifecycleModule,
    AdminPaymentsModule,
    AdminNotesModule,
  ],
})
export class AdminModule {}

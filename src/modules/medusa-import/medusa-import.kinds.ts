import type { ImportKind } from './import-kind';
import { batchJobKinds } from './importers/batch-jobs.importer';
import { cartContentKinds, cartKinds } from './importers/carts.importer';
import { customerKinds } from './importers/customers.importer';
import { discountKinds } from './importers/discounts.importer';
import { giftCardKinds } from './importers/gift-cards.importer';
import { orderLifecycleKinds } from './importers/order-lifecycle.importer';
import { orderKinds } from './importers/orders.importer';
import { priceListKinds } from './importers/price-lists.importer';
import { productKinds } from './importers/products.importer';
import { publishableKeyKinds } from './importers/publishable-keys.importer';
import { regionKinds } from './importers/regions.importer';
import { shippingOptionKinds } from './importers/shipping-options.importer';
import { storeKinds } from './importers/store.importer';
import { taxRateKinds } from './importers/tax-rates.importer';
import { userKinds } from './importers/users.importer';

/**
 * Every kind in the order its references need: what a row points at is written before it;
 * the few references that make cycles are the kinds' `deferred` columns.
 */
export function importKinds(importedOrders: string[]): ImportKind[] {
  return [
    ...storeKinds,
    ...regionKinds,
    ...userKinds,
    ...customerKinds,
    ...productKinds,
    ...priceListKinds,
    ...publishableKeyKinds,
    ...shippingOptionKinds,
    ...taxRateKinds,
    ...discountKinds,
    ...cartKinds,
    ...orderKinds(importedOrders),
    ...giftCardKinds,
    ...cartContentKinds,
    ...orderLifecycleKinds,
    ...batchJobKinds,
  ];
}

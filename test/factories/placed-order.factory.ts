import { createCartViaApi, prepareCheckout, Shop } from './cart.factory';
import type { TestApp } from '../helpers/app';

/**
 * An order placed through the store API: `quantity` units of the shop's variant (or the
 * given lines), the shop's shipping option, paid with `provider` (manual by default).
 * Resolves with the completion's order.
 */
export async function placeOrder(
  t: TestApp,
  shop: Shop,
  spec: { quantity?: number; items?: Array<{ variant_id: string; quantity: number }>; provider?: string; email?: string } = {},
): Promise<Record<string, any>> {
  const items = spec.items ?? [{ variant_id: shop.variant.id, quantity: spec.quantity ?? 2 }];
  const cart = await createCartViaApi(t, { region_id: shop.region.id, items });
  await prepareCheckout(t, cart.id, { optionId: shop.shippingOption.id, provider: spec.provider, email: spec.email });
  const res = await t.http().post(`/store/carts/${cart.id}/complete`);
  if (res.status !== 200 || res.body.type !== 'order') throw new Error(`completion failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A shop (createShop) whose variant has stock for many orders. */
export const WELL_STOCKED = { product: { variants: [{ inventory_quantity: 1000, prices: [{ currency_code: 'eur', amount: 1000 }] }] } };

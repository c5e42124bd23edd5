import type { Cart } from '../carts/cart.entity';

/** The shipping profiles of a cart's products (loaded with items.variant.product). */
export function cartShippingProfileIds(cart: Cart): string[] {
  const ids = (cart.items ?? []).map((item) => item.variant?.product?.profile_id).filter((id): id is string => !!id);
  return [...new Set(ids)];
}

/**
 * Chooses a variant's price for a region or currency, as Medusa v1 does without price
 * lists: candidates are the prices for the region or in the region's currency whose
 * quantity bounds admit the quantity; the lowest wins. The original price prefers the
 * region-specific price without quantity bounds, then the currency price.
 */
export interface PriceCandidate {
  amount: number;
  currency_code: string;
  region_id: string | null;
  min_quantity: number | null;
  max_quantity: number | null;
  price_list_id?: string | null;
}

export interface PriceContext {
  regionId?: string;
  currencyCode?: string;
  quantity?: number;
}

export interface SelectedPrice {
  calculated_price: number | null;
  original_price: number | null;
  calculated_price_type: 'default' | null;
}

export function selectPrice(prices: PriceCandidate[], ctx: PriceContext): SelectedPrice {
  const quantity = ctx.quantity ?? 1;
  const currency = ctx.currencyCode?.toLowerCase();
  const matches = (p: PriceCandidate) =>
    !p.price_list_id &&
    ((ctx.regionId !== undefined && p.region_id === ctx.regionId) || (currency !== undefined && p.region_id === null && p.currency_code === currency));
  const inRange = (p: PriceCandidate) => (p.min_quantity === null || p.min_quantity <= quantity) && (p.max_quantity === null || p.max_quantity >= quantity);

  const candidates = prices.filter((p) => matches(p) && inRange(p));
  if (candidates.length === 0) return { calculated_price: null, original_price: null, calculated_price_type: null };
  const calculated = Math.min(...candidates.map((p) => p.amount));
  const unbounded = (p: PriceCandidate) => p.min_quantity === null && p.max_quantity === null;
  const original =
    prices.find((p) => matches(p) && p.region_id !== null && p.region_id === ctx.regionId && unbounded(p)) ??
    prices.find((p) => matches(p) && p.region_id === null && unbounded(p)) ??
    candidates.find((p) => p.amount === calculated)!;
  return { calculated_price: calculated, original_price: original.amount, calculated_price_type: 'default' };
}

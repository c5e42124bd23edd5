/*
 * Medusa v1's price selection with price lists (PriceSelectionStrategy, catalogue facts §5),
 * as one pure function over a variant's candidate prices: which prices take part, then the
 * original price and the calculated (lowest) one. The SQL that loads the candidates is
 * `candidatePrices` (price-lists.repository.ts); callers price a cart line, a product or a
 * variant read with it.
 */

export type PriceListType = 'sale' | 'override';
export type PriceListStatus = 'active' | 'draft';

/** The list a price belongs to, as far as selection needs it. */
export interface CandidateList {
  type: PriceListType;
  status: PriceListStatus;
  starts_at: Date | null;
  ends_at: Date | null;
  /** The customer groups the list is limited to; empty: everyone. */
  customer_group_ids: readonly string[];
}

export interface CandidatePrice {
  amount: number;
  currency_code: string;
  region_id: string | null;
  min_quantity: number | null;
  max_quantity: number | null;
  /** null: a base price of the variant. */
  price_list: CandidateList | null;
}

export interface SelectionContext {
  regionId?: string;
  /** With a region, the region's currency (Medusa overrides a currency sent with it). */
  currencyCode?: string;
  /** The shopper's groups; undefined: no customer (only lists without groups apply). */
  customerGroupIds?: readonly string[];
  /** The line's quantity; undefined for product and variant reads. */
  quantity?: number;
  now: Date;
}

export interface ChosenPrice {
  original_price: number | null;
  calculated_price: number | null;
  calculated_price_type: PriceListType | 'default' | null;
}

/** Whether a price takes part at all (§5.2): its list live and in date, region or currency, customer groups. */
function isCandidate(price: CandidatePrice, ctx: SelectionContext): boolean {
  const list = price.price_list;
  if (list) {
    if (list.status !== 'active') return false;
    if (list.ends_at !== null && !(list.ends_at.getTime() > ctx.now.getTime())) return false;
    if (list.starts_at !== null && !(list.starts_at.getTime() < ctx.now.getTime())) return false;
    if (list.customer_group_ids.length > 0) {
      const groups = ctx.customerGroupIds;
      if (!groups || !list.customer_group_ids.some((g) => groups.includes(g))) return false;
    }
  }
  return matchesPlace(price, ctx);
}

function matchesPlace(price: CandidatePrice, ctx: SelectionContext): boolean {
  const currency = ctx.currencyCode?.toLowerCase();
  if (ctx.regionId && currency) return price.region_id === ctx.regionId || price.currency_code === currency;
  if (ctx.regionId) return price.region_id === ctx.regionId;
  if (currency) return price.currency_code === currency;
  return false;
}

/**
 * Medusa's quantity test: with a quantity, unset or 0 bounds are open; without one (a
 * product page) only prices without a lower bound count.
 */
function admitsQuantity(price: CandidatePrice, quantity: number | undefined): boolean {
  const min = price.min_quantity || 0;
  const max = price.max_quantity || 0;
  if (quantity === undefined) return min === 0;
  return (min === 0 || min <= quantity) && (max === 0 || max >= quantity);
}

const unbounded = (p: CandidatePrice) => !p.min_quantity && !p.max_quantity;

/**
 * §5.3: the original price is the region's base price without bounds, else the currency's;
 * the calculated price the lowest candidate admitting the quantity, typed by its list
 * (`sale` and `override` alike: an override above the base price does not win).
 */
export function choosePrice(prices: readonly CandidatePrice[], ctx: SelectionContext): ChosenPrice {
  const candidates = prices.filter((p) => isCandidate(p, ctx));
  const currency = ctx.currencyCode?.toLowerCase();
  const base = candidates.filter((p) => p.price_list === null && unbounded(p));
  const original =
    (ctx.regionId ? base.find((p) => p.region_id === ctx.regionId) : undefined) ?? (currency ? base.find((p) => p.currency_code === currency) : undefined);
  let calculated: CandidatePrice | undefined;
  for (const price of candidates) {
    if (!admitsQuantity(price, ctx.quantity)) continue;
    if (!calculated || price.amount < calculated.amount) calculated = price;
  }
  return {
    original_price: original?.amount ?? null,
    calculated_price: calculated?.amount ?? null,
    calculated_price_type: calculated ? (calculated.price_list?.type ?? 'default') : null,
  };
}

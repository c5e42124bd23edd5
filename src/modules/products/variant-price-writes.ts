/*
 * Medusa v1's rules for writing a variant's base prices (ProductVariantService
 * updateVariantPrices / upsertCurrencyPrices / upsertRegionPrices), as a pure plan: what to
 * delete, which amounts to overwrite and what to insert. Price-list prices are never part
 * of it. The repository carries the plan out in the write's transaction.
 */

/** One `prices` entry of a variant write (create or update). */
export interface VariantPriceInput {
  id?: string;
  region_id?: string;
  currency_code?: string;
  amount: number;
  min_quantity?: number | null;
  max_quantity?: number | null;
}

/** A stored base price of the variant (no price list). */
export interface StoredBasePrice {
  id: string;
  currency_code: string;
  region_id: string | null;
  amount: number;
}

interface NewBasePrice {
  currency_code: string;
  region_id: string | null;
  amount: number;
  min_quantity: number | null;
  max_quantity: number | null;
}

export interface BasePricePlan {
  deleteIds: string[];
  amountUpdates: Array<{ id: string; amount: number }>;
  inserts: NewBasePrice[];
}

/**
 * `mode: 'create'`: every entry is a new row (two entries of one currency make a quantity
 * tier). `mode: 'update'`: first the stored rows the entries make obsolete are deleted
 * (all of them for `prices: []`), then each entry overwrites the amount of the row of its
 * region (or of its currency without a region) or adds one; rows added by earlier entries
 * of the same call count as stored, so two entries of one currency end on one row.
 * A region price takes the region's currency and never keeps quantity bounds.
 * `regionCurrency` answers a region's currency (undefined: unknown region).
 */
export function planBasePrices(
  mode: 'create' | 'update',
  stored: readonly StoredBasePrice[],
  entries: readonly VariantPriceInput[],
  regionCurrency: (regionId: string) => string | undefined,
): BasePricePlan {
  const plan: BasePricePlan = { deleteIds: [], amountUpdates: [], inserts: [] };
  const current: Array<{ id?: string; currency_code: string; region_id: string | null; amount: number; pending?: NewBasePrice }> = [];
  if (mode === 'update') {
    for (const row of stored) {
      if (entries.length === 0 || entries.some((entry) => makesObsolete(entry, row))) plan.deleteIds.push(row.id);
      else current.push({ ...row });
    }
  }
  for (const entry of entries) {
    const currency = entry.region_id ? regionCurrency(entry.region_id) : entry.currency_code?.toLowerCase();
    if (currency === undefined) throw new UnknownPriceRegion(entry.region_id!);
    const region = entry.region_id ?? null;
    const existing =
      mode === 'update' ? current.find((row) => (region ? row.region_id === region : row.region_id === null && row.currency_code === currency)) : undefined;
    if (existing) {
      if (existing.amount === entry.amount) continue;
      existing.amount = entry.amount;
      if (existing.pending) existing.pending.amount = entry.amount;
      else plan.amountUpdates.push({ id: existing.id!, amount: entry.amount });
      continue;
    }
    const row: NewBasePrice = {
      currency_code: currency,
      region_id: region,
      amount: entry.amount,
      min_quantity: region ? null : (entry.min_quantity ?? null),
      max_quantity: region ? null : (entry.max_quantity ?? null),
    };
    plan.inserts.push(row);
    current.push({ currency_code: currency, region_id: region, amount: entry.amount, pending: row });
  }
  // An amount overwritten twice is written once, with the last value.
  plan.amountUpdates = [...new Map(plan.amountUpdates.map((u) => [u.id, u])).values()];
  return plan;
}

/** Medusa's three deletion tests (a) to (c) of a stored row against one entry. */
function makesObsolete(entry: VariantPriceInput, row: StoredBasePrice): boolean {
  const currency = entry.currency_code?.toLowerCase();
  if (currency) {
    if (row.currency_code !== currency) return true;
    if (entry.region_id ? row.region_id !== entry.region_id : row.region_id !== null) return true;
  }
  return Boolean(entry.region_id && row.region_id !== null && row.region_id !== entry.region_id);
}

/** A price entry naming a region that does not exist. */
export class UnknownPriceRegion extends Error {
  constructor(readonly regionId: string) {
    super(`Region with id: ${regionId} was not found`);
  }
}

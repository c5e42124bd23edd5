import { ApiError } from '../../common/errors/api-error';
import type { RequirementType, ShippingOptionPriceType } from './shipping-option.entity';

/** A requirement as a write lists it. */
export interface RequirementEntry {
  id?: string;
  type: string;
  amount: number;
}

const REQUIREMENT_TYPES: readonly string[] = ['min_subtotal', 'max_subtotal'];

/**
 * Medusa v1's requirement checks, in its order: each entry's type, then against the
 * entries before it: one of each type, and a later entry may not contradict an earlier
 * one (a max_subtotal below an earlier min_subtotal, or a min_subtotal above an earlier
 * max_subtotal). Equal amounts pass, as in Medusa.
 */
export function validateRequirements<T extends RequirementEntry>(entries: readonly T[]): Array<T & { type: RequirementType }> {
  const accepted: Array<T & { type: RequirementType }> = [];
  for (const entry of entries) {
    if (!REQUIREMENT_TYPES.includes(entry.type)) throw ApiError.invalid('Requirement type must be one of min_subtotal, max_subtotal');
    if (accepted.some((r) => r.type === entry.type)) throw ApiError.invalid('Only one requirement of each type is allowed');
    const contradicts = accepted.some((r) => (r.type === 'max_subtotal' && entry.amount > r.amount) || (r.type === 'min_subtotal' && entry.amount < r.amount));
    if (contradicts) throw ApiError.invalid('Max. subtotal must be greater than Min. subtotal');
    accepted.push(entry as T & { type: RequirementType });
  }
  return accepted;
}

/** A fulfillment provider's part in an option's rules (Medusa's FulfillmentService). */
export interface OptionProvider {
  /** Whether the option's `data` is one the provider can fulfil. */
  validateOption(data: Record<string, unknown>): boolean;
  /** Whether it can calculate a price for the option (`price_type: calculated`). */
  canCalculate(data: Record<string, unknown>): boolean;
}

/** Medusa's manual provider: every option is valid, no price can be calculated. */
const MANUAL: OptionProvider = { validateOption: () => true, canCalculate: () => false };

const OPTION_PROVIDERS: Readonly<Record<string, OptionProvider>> = { manual: MANUAL };

/** The provider of an option; an id without one here is a provider no region can enable. */
export function optionProvider(id: string): OptionProvider {
  const provider = OPTION_PROVIDERS[id];
  if (!provider) throw ApiError.invalid('The fulfillment provider is not available in the provided region');
  return provider;
}

/**
 * The amount an option stores for its price type (Medusa's validatePriceType_): a flat
 * rate needs an amount; a calculated price needs a provider that calculates, and stores none.
 */
export function amountFor(
  priceType: ShippingOptionPriceType,
  amount: number | null | undefined,
  provider: OptionProvider,
  data: Record<string, unknown>,
): number | null {
  if (priceType === 'calculated') {
    if (!provider.canCalculate(data)) throw ApiError.invalid('The fulfillment provider cannot calculate prices for this option');
    return null;
  }
  if (amount === undefined || amount === null) throw ApiError.invalid('Shipping options of type `flat_rate` must have an `amount`');
  return amount;
}

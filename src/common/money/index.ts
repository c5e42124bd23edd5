export * from './types';
export { calculateTotals, calculateLineItemTotals, calculateShippingMethodTotals } from './totals';
export { allocateGiftCards, allocateGiftCardTransactions } from './gift-card-totals';
export { roundHalfUp, allocateRounded, percentOf, includedTaxOf } from './rounding';

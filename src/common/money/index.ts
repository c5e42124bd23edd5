export * from './types';
export { calculateTotals, calculateShippingMethodTotals } from './totals';

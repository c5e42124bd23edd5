export type { EngineContext, EngineDiscount, EngineLineItem } from './types';
export { assertDiscountApplicable } from './applicability';
export { allocateDiscount, isFreeShipping } from './allocation';

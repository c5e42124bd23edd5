export type { EngineCondition, EngineConditionType, EngineContext, EngineDiscount, EngineLineItem, LineAllocation } from './types';
export { assertDiscountApplicable, discountExpiresAt } from './applicability';
export { isItemEligible } from './eligibility';
export { allocateDiscount, isFreeShipping } from './allocation';
export { addIsoDuration, isIsoDuration, parseIsoDuration } from './iso-duration';

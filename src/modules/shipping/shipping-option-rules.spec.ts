import { ApiError } from '../../common/errors/api-error';
import { amountFor, optionProvider, validateRequirements } from './shipping-option-rules';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as ApiError).message;
  }
  return undefined;
};

describe('shipping option rules (Medusa v1 ShippingOptionService)', () => {
  describe('validateRequirements', () => {
    it('accepts one of each type with max above min, in either order, and equal amounts', () => {
      expect(
        validateRequirements([
          { type: 'min_subtotal', amount: 100 },
          { type: 'max_subtotal', amount: 500 },
        ]),
      ).toHaveLength(2);
      expect(
        validateRequirements([
          { type: 'max_subtotal', amount: 500 },
          { type: 'min_subtotal', amount: 100 },
        ]),
      ).toHaveLength(2);
      expect(
        validateRequirements([
          { type: 'min_subtotal', amount: 100 },
          { type: 'max_subtotal', amount: 100 },
        ]),
      ).toHaveLength(2);
      expect(validateRequirements([])).toEqual([]);
    });

    it("refuses an unknown type, two of a type, and a later entry contradicting an earlier one, with Medusa's messages", () => {
      expect(message(() => validateRequirements([{ type: 'weight', amount: 1 }]))).toBe('Requirement type must be one of min_subtotal, max_subtotal');
      expect(
        message(() =>
          validateRequirements([
            { type: 'min_subtotal', amount: 1 },
            { type: 'min_subtotal', amount: 2 },
          ]),
        ),
      ).toBe('Only one requirement of each type is allowed');
      expect(
        message(() =>
          validateRequirements([
            { type: 'min_subtotal', amount: 500 },
            { type: 'max_subtotal', amount: 100 },
          ]),
        ),
      ).toBe('Max. subtotal must be greater than Min. subtotal');
      expect(
        message(() =>
          validateRequirements([
            { type: 'max_subtotal', amount: 100 },
            { type: 'min_subtotal', amount: 500 },
          ]),
        ),
      ).toBe('Max. subtotal must be greater than Min. subtotal');
    });
  });

  describe('amountFor', () => {
    const manual = optionProvider('manual');
    it('keeps a flat rate amount and refuses a flat rate without one', () => {
      expect(amountFor('flat_rate', 0, manual, {})).toBe(0);
      expect(amountFor('flat_rate', 1200, manual, {})).toBe(1200);
      expect(message(() => amountFor('flat_rate', undefined, manual, {}))).toBe('Shipping options of type `flat_rate` must have an `amount`');
      expect(message(() => amountFor('flat_rate', null, manual, {}))).toBe('Shipping options of type `flat_rate` must have an `amount`');
    });

    it('refuses a calculated price the manual provider cannot calculate', () => {
      expect(message(() => amountFor('calculated', 100, manual, {}))).toBe('The fulfillment provider cannot calculate prices for this option');
    });
  });
});
